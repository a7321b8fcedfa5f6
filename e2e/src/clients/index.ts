export * from './http';
export * from './accounts';
export * from './identity';
export * from './ledger';
export * from './payouts';
export * from './payins';
export * from './events';
export * from './aml';
