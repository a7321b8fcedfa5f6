create table widgets (id bigserial primary key, amount numeric not null);
