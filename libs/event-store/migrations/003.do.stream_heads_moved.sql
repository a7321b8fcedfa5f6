-- Raised by an append that carries its caller's own writes in its statement (appendManyWithStatements)
-- when a head it expected had moved: those writes run whatever the heads, so the statement must
-- fail to undo them. The store takes this error as "the head moved" and decides under the lock.
create function stream_heads_moved() returns text
language plpgsql volatile as $$
begin
  raise exception using errcode = 'ES409', message = 'a stream head moved before the append';
end $$;
