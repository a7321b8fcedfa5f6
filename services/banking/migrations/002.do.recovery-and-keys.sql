-- A payment whose bank answer was lost at create (the client got 503 banking_recovery_pending):
-- set until the bank confirms it; a retry with the key answers 503 again until then.
alter table bank_operations add column recovery_pending boolean not null default false;

-- The client's key of a customer's or a third party's creation: a retry under it answers the
-- first result (another request under the key is idempotency_conflict).
alter table banking_customers add column idempotency_key text;
alter table third_parties add column idempotency_key text;
alter table third_parties add constraint third_parties_idempotency_key unique (account_id, idempotency_key);
