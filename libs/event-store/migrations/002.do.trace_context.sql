-- The W3C trace context ({traceparent, tracestate}) the event was appended in, so that whoever
-- publishes or handles it later continues the trace of the request that wrote it. Null for events
-- appended outside any span and for those stored before this column. Not hashed: it says where an
-- event came from in the telemetry, not what happened.
alter table events add column trace_context jsonb;
