-- The claim recovery looks every few seconds for creates that never finished (`creating`, older
-- than the recovery delay). Without an index of its own it read the whole table each time: at
-- 15,000 payouts 20 ms a sweep, growing with every payout ever made. Only claims in flight are in
-- this index, so it stays a handful of rows however many payouts there are.
create index payouts_creating on payouts (created_at) where creation = 'creating';
