-- Messages a consumer has handled, written in the transaction of the handling: a redelivered
-- message finds its row and is skipped.
create table inbox (
  consumer text not null,
  message_id text not null,
  handled_at timestamptz not null default now(),
  primary key (consumer, message_id)
);

create index inbox_handled_at on inbox (handled_at);
