export * from './identity';
export * from './ledger';
export * from './payouts';
export * from './payins';
export * from './compliance';
export * from './registry';
export * from './compliance';
