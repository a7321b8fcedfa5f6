-- A create's reply says what happened (the payout, and whether the request replayed an earlier
-- one); the gateway alone chooses the HTTP status. Every create ever stored answered 202, so the
-- column holds nothing a replay needs: a replay answers `create_response` unchanged, with 202.
-- Should a row say otherwise, the migration stops rather than change what that replay answers.
do $$
begin
  if exists (select 1 from payouts where create_status is not null and create_status <> 202) then
    raise exception 'payouts.create_status holds a status other than 202: replays would change';
  end if;
end
$$;

alter table payouts drop column create_status;
