export * from './identity';
export * from './ledger';
export * from './payouts';
export * from './payins';
export * from './registry';
export * from './compliance';
