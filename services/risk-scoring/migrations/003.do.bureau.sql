-- The sandbox bureau's overrides: a score set by `POST /v1/sandbox/qscore/subjects/{docID}/score`
-- replaces the deterministic one of the document id (country '' = every country).
create table sandbox_bureau_scores (
  doc_id text not null,
  country text not null default '',
  score integer not null check (score between 300 and 850),
  changed_at timestamptz not null default now(),
  primary key (doc_id, country)
);
