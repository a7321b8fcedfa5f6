-- Operator override of screening availability (null row: the COMPLIANCE_SCREENING setting holds).
create table screening_settings (
  id boolean primary key default true check (id),
  available boolean not null,
  updated_at timestamptz not null default now()
);
