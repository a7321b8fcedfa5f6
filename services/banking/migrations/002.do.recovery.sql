-- A payment whose bank answer was lost at create (the client got 503 banking_recovery_pending):
-- set until the bank confirms it; a retry with the key answers 503 again until then.
alter table bank_operations add column recovery_pending boolean not null default false;
