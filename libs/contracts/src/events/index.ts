export * from './identity';
export * from './ledger';
export * from './registry';
