-- Mirrored by the Organization model of ../prisma/schema.prisma (checked by
-- libs/persistence/src/prisma-schema.int.spec.ts).
create table organizations (
  id uuid not null default gen_random_uuid(),
  slug text not null,
  name text not null,
  timezone text not null,
  locale text not null,
  otp_channel_floor text not null,
  login_otp_required boolean not null default false,
  branding jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint organizations_pkey primary key (id),
  constraint organizations_slug_key unique (slug)
);
