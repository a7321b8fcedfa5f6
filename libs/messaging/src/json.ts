/**
 * Payloads cross the bus as JSON on every transport, so the in-process bus gives handlers the
 * same values Kafka would (no shared objects, dates as strings).
 */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function decodeJson(text: string): unknown {
  return JSON.parse(text) as unknown;
}

export function jsonCopy<T>(value: T): unknown {
  return value === undefined ? undefined : decodeJson(encodeJson(value));
}
