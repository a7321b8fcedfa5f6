export * from './identity';
export * from './ledger';
export * from './payouts';
export * from './payins';
export * from './compliance';
export * from './disputes';
// crypto withdrawals (issue 15)
export * from './crypto-withdrawals';
// crypto deposits (issue 15)
export * from './crypto';
export * from './registry';
export * from './wallets';
// segregated wallets on chain (issue 15, part S)
export * from './wallet-chain';
export * from './compliance';
export * from './disputes';
// credit scoring (issue 16)
export * from './risk-scoring';
// credit-scoring batches (issue 16)
export * from './risk-batches';
// credit-scoring watch: monitoring, disputes, fraud (issue 16)
export * from './risk-monitoring';
// cards (issue 17)
export * from './cards';
// banking (issue 17)
export * from './banking';
// subscriptions and POS (issue 17)
export * from './subscriptions';
// contracts and signatures (issue 18)
export * from './contracts';
// public events: which domain events become which, and their data (issue 19: shared with the CLI)
export * from './public-event-projection';
