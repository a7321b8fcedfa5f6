import type { Environment } from '@platform/contracts';
import type { EventTraceContext } from './trace-context';
import type { RecordedEvent } from './types';

/** The columns every read selects, in the shape of EventRow. */
export const EVENT_COLUMNS = `position::text as position, event_id, stream, stream_version, type, version, data,
  org_id, account_id, environment, correlation_id, causation_id, occurred_at, hash, trace_context`;

export interface EventRow {
  position: string;
  event_id: string;
  stream: string;
  stream_version: number;
  type: string;
  version: number;
  data: unknown;
  org_id: string | null;
  account_id: string | null;
  environment: Environment;
  correlation_id: string | null;
  causation_id: string | null;
  occurred_at: Date;
  hash: string;
  trace_context: EventTraceContext | null;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    event_id: row.event_id,
    type: row.type,
    version: row.version,
    stream: row.stream,
    stream_version: row.stream_version,
    position: row.position,
    occurred_at: row.occurred_at.toISOString(),
    org_id: row.org_id,
    account_id: row.account_id,
    environment: row.environment,
    correlation_id: row.correlation_id,
    causation_id: row.causation_id,
    data: row.data,
    // Only when present: an event appended outside any trace reads as it did before the column.
    ...(row.trace_context === null ? {} : { trace_context: row.trace_context }),
  };
}

const DECIMAL = /^\d+$/;

export function positionText(position: bigint | string): string {
  const text = typeof position === 'bigint' ? position.toString() : position;
  if (!DECIMAL.test(text)) throw new Error(`not a global position: ${text}`);
  return text;
}
