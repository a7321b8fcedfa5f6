-- `domain_events` is the inbox: its key says an event was taken in, so a redelivery is not
-- projected twice. Nothing reads the envelopes it also kept, nor their (account, time) index,
-- and each event's envelope is already in its producer's store. Writing them cost every event
-- a JSON document parsed into jsonb and a second index entry: new rows keep the key and the
-- columns that say what the event was. The column stays, nullable, so that a process of the
-- previous release still running during a rolling deployment can go on writing it.
alter table domain_events alter column envelope drop not null;
drop index domain_events_account_occurred;
