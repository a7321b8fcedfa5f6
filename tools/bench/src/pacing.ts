/**
 * An open-loop load: requests arrive at a fixed rate whatever the server answers, as clients of
 * a payments API do, rather than each worker waiting for its last answer (a closed loop, which
 * runs the server at its limit and slows its arrivals when it falls behind). Issue 20 asks for
 * p99 "at half that rate": a rate, so a closed loop at half the concurrency does not measure it.
 *
 * Each request's latency counts from when it was due, not from when a worker got to send it: a
 * request held back because every worker was busy waited as its client would have (coordinated
 * omission, which would otherwise hide exactly the stalls a p99 is for).
 */
export interface Pace {
  /** Requests due each second. */
  rate_per_second: number;
}

/** When the `index`th request (from 0) is due, ms after the run started. */
export function dueAtMs(pace: Pace, index: number): number {
  return (index * 1_000) / pace.rate_per_second;
}

/**
 * How long to wait before sending the `index`th request at `now_ms` (ms since the run started):
 * 0 when it is already due or late.
 */
export function waitBeforeMs(pace: Pace, index: number, now_ms: number): number {
  return Math.max(0, dueAtMs(pace, index) - now_ms);
}

/**
 * A request's latency: from when it was due (or, in a closed loop, sent) to its answer. A request
 * sent late still counts the time it waited.
 */
export function latencyMs(
  pace: Pace | undefined,
  index: number,
  sent_at_ms: number,
  answered_at_ms: number,
): number {
  return answered_at_ms - timedFromMs(pace, index, sent_at_ms);
}

/** When a request's latency starts counting: when it was due (open loop) or sent (closed). */
export function timedFromMs(pace: Pace | undefined, index: number, sent_at_ms: number): number {
  return pace ? Math.min(dueAtMs(pace, index), sent_at_ms) : sent_at_ms;
}
