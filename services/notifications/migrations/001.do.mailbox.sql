-- Messages to people land here when no real sender is configured (decisions D3): the CLI lists
-- them, and the sandbox serves an account its own.
create table mailbox (
  message_id uuid primary key,
  channel text not null check (channel in ('email', 'sms', 'whatsapp')),
  recipient text not null,
  org_id text,
  account_id text,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);
create index mailbox_account_created on mailbox (account_id, created_at desc);
create index mailbox_created on mailbox (created_at desc);
