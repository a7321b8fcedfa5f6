import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level and no whitespace, so that equal values hash
 * equally however they were built or stored (jsonb reorders keys). Values are first passed
 * through JSON so that what is hashed is exactly what survives a round trip through jsonb.
 */
export function canonicalJson(value: unknown): string {
  return serialise(JSON.parse(JSON.stringify(value ?? null)) as unknown);
}

function serialise(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${serialise(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fields of an event that its hash covers: everything but where the store put it. */
export interface HashedEvent {
  event_id: string;
  stream: string;
  stream_version: number;
  type: string;
  version: number;
  data: unknown;
  org_id: string | null;
  account_id: string | null;
  environment: string;
  correlation_id: string | null;
  causation_id: string | null;
  occurred_at: string;
}

/** The stream's first event chains from the empty string. */
export const GENESIS_HASH = '';

/** hash = sha256(prev_hash || canonical JSON of the event), hex-encoded. */
export function chainHash(previous_hash: string, event: HashedEvent): string {
  const hashed: HashedEvent = {
    event_id: event.event_id,
    stream: event.stream,
    stream_version: event.stream_version,
    type: event.type,
    version: event.version,
    data: event.data,
    org_id: event.org_id,
    account_id: event.account_id,
    environment: event.environment,
    correlation_id: event.correlation_id,
    causation_id: event.causation_id,
    occurred_at: event.occurred_at,
  };
  return createHash('sha256').update(previous_hash).update(canonicalJson(hashed)).digest('hex');
}
