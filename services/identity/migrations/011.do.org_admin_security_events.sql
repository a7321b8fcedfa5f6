-- Organization admins' refresh chains record `refresh_token_reuse` as members' do (spec §3
-- "Refresh-token chain"): a security event belongs to an account (and its member) or to an
-- organization admin, never both.
alter table security_events alter column account_id drop not null;
alter table security_events add column admin_id uuid references org_admins (admin_id);
alter table security_events
  add constraint security_events_one_owner check ((account_id is null) <> (admin_id is null));
create index security_events_admin on security_events (admin_id, created_at desc)
  where admin_id is not null;
