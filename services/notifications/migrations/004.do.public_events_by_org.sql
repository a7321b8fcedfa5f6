-- Organization-wide stream for organization admins (decisions D2, spec §6 "organization wide
-- for admins"). Producers such as the ledger leave the envelope's org_id empty, so the service
-- keeps its own directory of which organization each account belongs to, learned from the
-- identity events it already takes in (an account never changes organization).
create table account_organizations (
  account_id text primary key,
  org_id text not null
);
insert into account_organizations (account_id, org_id)
select distinct on (account_id) account_id, envelope -> 'data' ->> 'org_id'
from domain_events
where type like 'identity.%' and account_id is not null
  and envelope -> 'data' ->> 'org_id' is not null
order by account_id, occurred_at
on conflict (account_id) do nothing;

-- Events projected before this migration take their account's organization.
update public_events e set org_id = a.org_id
from account_organizations a
where e.account_id = a.account_id and e.org_id is distinct from a.org_id;

create index public_events_org_position on public_events (org_id, position);
create index public_events_org_created on public_events (org_id, created_at desc);
