-- Every observation looks its receiving address up among the deposit wallets, in any letter case
-- (an operator may report an Ethereum address in lower case).
create index deposit_wallets_by_address on deposit_wallets (chain, lower(address));
