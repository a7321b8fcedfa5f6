export * from './assets';
export * from './environment';
export * from './envelope';
export * from './errors';
export * from './events';
export * from './messages';
export * from './commands';
export * from './catalog';
