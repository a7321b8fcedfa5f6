-- Records set aside after failing again and again while others succeeded (D12): one row per
-- source (a projection, consumer or worker of this service) and record key (event id, message
-- id, job or row id). The source skips a record it set aside and goes on with the rest.
create table dead_letters (
  letter_id bigserial not null,
  source text not null,
  record_key text not null,
  -- The last failure's message, with credentials in it masked.
  reason text not null,
  -- The record as the source saw it, as JSON text (jsonb refuses a NUL escape a record may hold).
  payload text,
  attempts integer not null check (attempts > 0),
  first_failed_at timestamptz not null,
  last_failed_at timestamptz not null,
  constraint dead_letters_pkey primary key (letter_id),
  constraint dead_letters_source_record unique (source, record_key)
);

create index dead_letters_newest on dead_letters (last_failed_at desc, letter_id desc);
