-- The platform operator blocks (suspends) and unblocks confirmed accounts: a blocked account
-- may still read and sign out, every other request is `account_blocked`. The block keeps the
-- operator's note and when it began; unblocking clears both.
alter table accounts drop constraint accounts_status_check;
alter table accounts
  add constraint accounts_status_check
  check (status in ('pending_verification', 'active', 'blocked'));
alter table accounts add column blocked_reason text;
alter table accounts add column blocked_at timestamptz;
alter table accounts
  add constraint accounts_blocked_at_check check ((status = 'blocked') = (blocked_at is not null));
