import { z } from 'zod';
import type { ErrorCode } from './errors';

/** Metadata every command carries across the bus. */
export interface CommandMeta {
  correlation_id: string;
  causation_id?: string | null;
  /** Every command that changes state carries the key that makes it happen once. */
  idempotency_key?: string | null;
}

/**
 * A reply is a result or a typed error from the catalog; HTTP statuses are the gateway's.
 * `replayed`: the result was stored by an earlier request with the same idempotency key.
 */
export type Reply<T> =
  { ok: true; value: T; replayed?: boolean } | { ok: false; error: ErrorCode; message: string };

export const replySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown(), replayed: z.boolean().optional() }),
  z.object({ ok: z.literal(false), error: z.string(), message: z.string() }),
]);

export function ok<T>(value: T): Reply<T> {
  return { ok: true, value };
}
