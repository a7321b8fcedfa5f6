-- Payout creation keeps each organization's terms (pricing and limits) in memory until they
-- change. Whichever process or statement changes them, the change is told on the `payout_terms`
-- channel after its commit, tagged with the organization: o:<org_id>.
create function notify_terms_change() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then changed := old; else changed := new; end if;
  perform pg_notify('payout_terms', 'o:' || changed.org_id);
  return null;
end;
$$;

create trigger org_pricing_terms_change after insert or update or delete on org_pricing
  for each row execute function notify_terms_change();
create trigger org_limits_terms_change after insert or update or delete on org_limits
  for each row execute function notify_terms_change();
