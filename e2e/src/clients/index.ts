export * from './http';
export * from './accounts';
export * from './identity';
export * from './ledger';
export * from './payouts';
export * from './payins';
export * from './events';
export * from './verification';
export * from './aml';
export * from './browser';
export * from './reviews';
export * from './disputes';
export * from './cli';
export * from './crypto-withdrawals';
export * from './wallets';
export * from './crypto';
// segregated wallets on chain (issue 15, part S)
export * from './wallet-chain';
// credit scoring (issue 16)
export * from './risk';
export * from './risk-batches';
export * from './risk-watch';
// credit scoring pages: PDFs, own report, seals (issue 16, pages)
export * from './risk-pages';
// cards (issue 17)
export * from './cards';
// banking (issue 17)
export * from './banking';
// subscriptions and POS (issue 17)
export * from './subscriptions';
export * from './pos';
// contracts and signatures (issue 18)
export * from './contracts';
// the OpenAPI document as a client reads it (issue 19)
export * from './openapi-document';
// what every public page is checked for in a browser (issue 19)
export * from './page-checks';
