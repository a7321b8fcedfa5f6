-- Identity keeps the answers of its hottest reads (is this session live, who is this recipient)
-- until a row they came from changes. Whichever process or statement changes one of these rows,
-- the change is told on the `identity_reads` channel, after its commit, with the row's tags:
-- s:<session>, m:<member>, a:<account>, p:<organization's OTP policy>, r:<organization's
-- recipients>. A kept answer carries the tags of the rows it was read from.
create function notify_read_change() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then changed := old; else changed := new; end if;
  -- One statement per table: a statement naming a column the row lacks fails even unexecuted.
  if tg_table_name = 'sessions' then
    perform pg_notify('identity_reads', 's:' || changed.id);
  elsif tg_table_name = 'members' then
    perform pg_notify('identity_reads', 'm:' || changed.id || ' r:' || changed.org_id);
  elsif tg_table_name = 'accounts' then
    perform pg_notify('identity_reads', 'a:' || changed.id || ' r:' || changed.org_id);
  else
    perform pg_notify('identity_reads', 'p:' || changed.org_id);
  end if;
  return null;
end;
$$;

-- A new session changes no answer kept: only what happens to it afterwards does.
create trigger sessions_read_change after update or delete on sessions
  for each row execute function notify_read_change();
create trigger members_read_change after insert or update or delete on members
  for each row execute function notify_read_change();
create trigger accounts_read_change after insert or update or delete on accounts
  for each row execute function notify_read_change();
create trigger org_otp_policies_read_change after insert or update or delete on org_otp_policies
  for each row execute function notify_read_change();
