alter table widgets add column label text not null default '';
