-- Account avatars: the image is kept in the object store under `object_key`; the row says what
-- it is. One an account; a new upload replaces it.
create table avatars (
  account_id uuid primary key references accounts (id),
  content_type text not null,
  size_bytes integer not null,
  sha256 text not null,
  object_key text not null,
  updated_at timestamptz not null default now()
);
