import { z } from 'zod';
import type { Environment } from './environment';

/**
 * The one envelope every domain event travels in, on the bus and in the event store.
 * `type` is `<service>.<noun>_<verbed>`, never a class name; `version` is the schema
 * version of `data` for that type.
 */
export interface EventEnvelope<TType extends string = string, TData = unknown> {
  event_id: string;
  type: TType;
  version: number;
  stream: string;
  position: string; // global position in the store, a decimal string (bigint on the server)
  occurred_at: string; // ISO 8601 UTC
  org_id: string | null;
  account_id: string | null;
  environment: Environment;
  correlation_id: string | null;
  causation_id: string | null;
  data: TData;
}

export const eventEnvelopeSchema = z.object({
  event_id: z.string().uuid(),
  type: z.string().regex(/^[a-z][a-z0-9-]*\.[a-z][a-z0-9_]*$/),
  version: z.number().int().positive(),
  stream: z.string().min(1),
  position: z.string().regex(/^\d+$/),
  occurred_at: z.string().datetime(),
  org_id: z.string().nullable(),
  account_id: z.string().nullable(),
  environment: z.enum(['test', 'live']),
  correlation_id: z.string().nullable(),
  causation_id: z.string().nullable(),
  data: z.unknown(),
});

/** `<service>.<verb>_<noun>`, e.g. `payouts.create_payout`. */
export const COMMAND_NAME = /^[a-z][a-z0-9-]*\.[a-z]+_[a-z0-9_]+$/;
/** `<service>.<noun>_<verbed>`, e.g. `ledger.funds_debited`. */
export const EVENT_NAME = /^[a-z][a-z0-9-]*\.[a-z0-9_]+_[a-z]+ed$/;

export function serviceOf(name: string): string {
  const dot = name.indexOf('.');
  if (dot <= 0) throw new Error(`message name without a service prefix: ${name}`);
  return name.slice(0, dot);
}
