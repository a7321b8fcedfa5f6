-- Organization admins (decisions D2): created by a platform operator, sign in like anyone else.
create table org_admins (
  admin_id uuid primary key,
  org_id uuid not null references organizations (id),
  email text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  unique (org_id, email)
);
