export * from './identity';
export * from './ledger';
export * from './notifications';
export * from './parse';
export * from './accounts';
