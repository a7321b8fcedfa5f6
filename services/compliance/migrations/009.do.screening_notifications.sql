-- Payout screening keeps the operator's availability override in memory until it changes.
-- Whichever process or statement changes it, the change is told on the `screening_settings`
-- channel after its commit, tagged `screening`.
create function notify_screening_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('screening_settings', 'screening');
  return null;
end;
$$;

create trigger screening_settings_change after insert or update or delete on screening_settings
  for each statement execute function notify_screening_change();
