export * from './identity';
export * from './ledger';
export * from './payouts';
export * from './payins';
export * from './compliance';
export * from './disputes';
// crypto deposits (issue 15)
export * from './crypto';
export * from './registry';
export * from './wallets';
export * from './compliance';
export * from './disputes';
