export * from './identity';
export * from './identity-replies';
export * from './ledger';
export * from './payouts';
export * from './compliance';
export * from './notifications';
export * from './webhooks';
export * from './payins';
export * from './demo-history';
export * from './parse';
export * from './accounts';
export * from './otp';
export * from './account-settings';
export * from './sign-in-methods';
export * from './stream-leases';
export * from './ledger-replies';
export * from './payins-replies';
export * from './notifications-replies';
export * from './dead-letters';
export * from './payouts-replies';
export * from './identity-verification';
export * from './verification';
export * from './aml';
export * from './firewall-reviews';
export * from './disputes';
export * from './evidence-files';
// crypto withdrawals (issue 15)
export * from './crypto-withdrawals';
export * from './wallet-links';
// crypto deposits and address screening (issue 15)
export * from './crypto-deposits';
export * from './address-screening';
export * from './segregated-wallets';
export * from './signature-proofs';
// segregated wallets on chain (issue 15, part S)
export * from './wallet-chain';
// credit scoring (issue 16)
export * from './risk-scoring';
// credit-scoring batches (issue 16)
export * from './risk-batches';
// credit-scoring watch: monitoring, index, disputes, fraud (issue 16)
export * from './risk-monitoring';
export * from './risk-disputes';
export * from './risk-fraud';
// credit scoring pages: consent page, report PDFs, own report, seals (issue 16, pages)
export * from './risk-scoring-pages';
// track links of payouts and payins (issue 18)
export * from './track-links';
// organization announcements (issue 18)
export * from './announcements';
// account avatars (issue 18)
export * from './avatars';
// contacts (issue 18)
export * from './contacts';
// cards (issue 17)
export * from './cards';
// banking (issue 17)
export * from './banking';
// subscriptions and POS (issue 17)
export * from './subscriptions';
export * from './pos';
// contracts and signatures (issue 18)
export * from './contracts';
