-- The ledger keeps each account's settlement settings in memory until they change (a payout asks
-- them on every create). Whichever process or statement changes a row, the change is told on the
-- `ledger_account_settings` channel after its commit, tagged with the account: a:<account_id>.
create function notify_account_settings_change() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then changed := old; else changed := new; end if;
  perform pg_notify('ledger_account_settings', 'a:' || changed.account_id);
  return null;
end;
$$;

create trigger account_settings_change after insert or update or delete on account_settings
  for each row execute function notify_account_settings_change();
