export * from './environment';
export * from './envelope';
export * from './errors';
export * from './messages';
