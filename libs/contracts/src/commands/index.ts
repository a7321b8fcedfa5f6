export * from './identity';
export * from './notifications';
export * from './parse';
