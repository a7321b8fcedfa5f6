import type { PoolClient } from 'pg';
import type { Environment, EventEnvelope } from '@platform/contracts';
import type { DeadLetters, PoisonPolicy } from '@platform/persistence';
import type { EventTraceContext } from './trace-context';

/**
 * What an appender states about the stream's current version: a number (the version of its last
 * event, 0 for none), `no_stream` (it must not have events yet) or `any` (no check).
 */
export type ExpectedVersion = number | 'any' | 'no_stream';

export interface NewEvent<TType extends string = string, TData = unknown> {
  event_id?: string;
  type: TType;
  /** Schema version of `data` for this type; 1 when omitted. */
  version?: number;
  data: TData;
  org_id?: string | null;
  account_id?: string | null;
  correlation_id?: string | null;
  causation_id?: string | null;
  occurred_at?: string | Date;
  /**
   * The trace this event was decided in, when not the append's (several callers' commands
   * written in one append); null for none. Telemetry: not part of the hash chain.
   */
  trace_context?: EventTraceContext | null;
}

export interface AppendOptions {
  expected_version: ExpectedVersion;
}

export interface AppendResult {
  /** The stream's version after the append: what to expect on the next one. */
  next_version: number;
  /** Global positions of the appended events, in order, as decimal strings. */
  positions: string[];
}

export interface StreamAppend {
  stream: string;
  expected_version: ExpectedVersion;
  events: NewEvent[];
}

/**
 * An envelope as stored: its `stream_version` is its 1-based place in its stream. `trace_context`
 * is the trace the event was appended in (absent when there was none); it is telemetry, not part
 * of the envelope nor of the hash chain.
 */
export interface RecordedEvent<
  TType extends string = string,
  TData = unknown,
> extends EventEnvelope<TType, TData> {
  stream_version: number;
  trace_context?: EventTraceContext;
}

export interface ReadStreamOptions {
  /** First stream version to return (inclusive); 1 when omitted. */
  from_version?: number;
  limit?: number;
}

export interface ReadAllOptions {
  /** Returns events strictly after this global position; 0 for the beginning. */
  from_position: bigint | string;
  limit: number;
  types?: readonly string[];
  stream_prefix?: string;
}

export type StreamVerification =
  | { valid: true; stream: string; last_version: number; last_hash: string }
  | {
      valid: false;
      stream: string;
      first_broken_version: number;
      reason: 'hash_mismatch' | 'version_gap' | 'head_mismatch';
    };

export type SubscriptionHandler = (events: RecordedEvent[], client: PoolClient) => Promise<void>;

export interface SubscribeOptions {
  /** Durable identity: the checkpoint and the single-active-instance lock are keyed by it. */
  name: string;
  /** Where a subscription without a checkpoint starts; `start` when omitted. */
  from?: 'start' | 'end';
  types?: readonly string[];
  stream_prefix?: string;
  batch_size?: number;
  handler: SubscriptionHandler;
  /** Fallback poll when no notification comes (e.g. events held back by a long transaction). */
  poll_interval_ms?: number;
  /** Wait after a failed batch before it is retried. */
  retry_delay_ms?: number;
  /**
   * After a batch that found events, how long to wait before reading the next one (0 by
   * default): under a stream of appends, a subscriber then reads a few large batches instead of
   * one small batch per commit, paying its statements and commit per batch. Events appended while
   * idle are still read at once; each one waits at most this long more.
   */
  linger_ms?: number;
  /** How often a standby tries to become the active instance. */
  standby_poll_ms?: number;
  /** Told about handler failures and lost connections; the subscription retries either way. */
  on_error?: (error: unknown, subscription_name: string) => void;
  /**
   * `false`: a batch's transaction commits without waiting for its WAL flush (PostgreSQL's
   * synchronous_commit off), so a busy store does not pay a disk flush per batch. A server crash
   * may then undo the last batches, checkpoint and handler writes together, and they are applied
   * again: only for handlers whose writes are derived from the events (projections). True when
   * omitted.
   */
  synchronous_commit?: boolean;
  /**
   * Where an event that keeps failing is set aside (D12), with the subscription's name as the
   * letter's source: the checkpoint then passes it and the events after it go on. Without it, a
   * failing event is retried until it goes through, holding back every event after it.
   */
  dead_letters?: DeadLetters;
  /** When an event counts as poison; see PoisonPolicy (the backoff starts at retry_delay_ms). */
  poison_policy?: Partial<PoisonPolicy>;
}

export type SubscriptionState = 'starting' | 'standby' | 'active' | 'stopped';

export interface Subscription {
  readonly name: string;
  readonly state: SubscriptionState;
  /** Stops polling, waits for the batch in flight to finish, gives the lock to a standby. */
  stop(): Promise<void>;
}

export interface PgEventStoreOptions {
  /** A schema of the store's own (not shared with other migrations), e.g. `ledger_events`. */
  schema: string;
  /** Stamped on every appended event. */
  environment: Environment;
  /**
   * How many stream heads to remember, so that an append to a stream this process last wrote or
   * read is one statement, without reading the head first; 0 turns it off. 10 000 by default.
   */
  head_cache_capacity?: number;
  /**
   * Group commit of `appendMany`: while `max_in_flight` batches (1 by default) are being
   * written, further appends wait and are then written together, up to `max_streams` streams (64)
   * in one statement and one transaction. Each append still succeeds or fails on its own. `false`
   * writes every append by itself.
   */
  append_batching?: false | { max_in_flight?: number; max_streams?: number };
}
