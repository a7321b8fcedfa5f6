import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level and no whitespace, so that equal values hash
 * equally however they were built or stored (jsonb reorders keys). Values are first passed
 * through JSON so that what is hashed is exactly what survives a round trip through jsonb.
 */
export function canonicalJson(value: unknown): string {
  return serialise(JSON.parse(JSON.stringify(value ?? null)) as unknown);
}

/** Serialises a value that came out of JSON.parse; loops rather than map/join: it runs per event. */
function serialise(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) out += ',';
      out += serialise(value[index]);
    }
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    let out = '{';
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      if (index > 0) out += ',';
      out += `${JSON.stringify(key)}:${serialise(record[key])}`;
    }
    return `${out}}`;
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

const HASHED_FIELDS_SORTED = (
  [
    'event_id',
    'stream',
    'stream_version',
    'type',
    'version',
    'data',
    'org_id',
    'account_id',
    'environment',
    'correlation_id',
    'causation_id',
    'occurred_at',
  ] satisfies (keyof HashedEvent)[]
).sort();

/** The stream's first event chains from the empty string. */
export const GENESIS_HASH = '';

/** hash = sha256(prev_hash || canonical JSON of the event), hex-encoded. */
export function chainHash(previous_hash: string, event: HashedEvent): string {
  return createHash('sha256').update(previous_hash).update(canonicalEvent(event)).digest('hex');
}

/**
 * canonicalJson of the hashed fields, without sending the whole event through JSON twice: the
 * envelope fields are plain strings, numbers and nulls, whose JSON needs no normalising.
 */
function canonicalEvent(event: HashedEvent): string {
  let out = '{';
  for (const field of HASHED_FIELDS_SORTED) {
    const member = canonicalMember(event[field]);
    // JSON drops members whose value has no JSON form (undefined, functions).
    if (member === undefined) continue;
    if (out.length > 1) out += ',';
    out += `"${field}":${member}`;
  }
  return `${out}}`;
}

function canonicalMember(value: unknown): string | undefined {
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return JSON.stringify(value);
  }
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? undefined : serialise(JSON.parse(json) as unknown);
}
