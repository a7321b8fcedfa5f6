import type { PoisonTracker } from './poison-tracker';

/** Later records tried, to see whether others go through where one keeps failing. */
const MAX_PROBES = 10;

export interface InOrderWork<R> {
  key: (record: R) => string;
  /** Handles one record; the error it failed with, or null. */
  attempt: (record: R) => Promise<unknown>;
  /** Tries a later record without keeping the outcome: true when it went through. */
  probe: (record: R) => Promise<boolean>;
  /** Records the dead letter of a poison record (before it is passed). */
  set_aside: (
    record: R,
    letter: { reason: string; attempts: number; first_failed_at: Date },
  ) => Promise<void>;
  tracker: PoisonTracker;
  report: (error: unknown) => void;
}

export interface InOrderOutcome<R> {
  /** Records handled or set aside, in order: the source may move past them. */
  passed: R[];
  /** The record that failed and must be tried again later; null when all were passed. */
  held_back: R | null;
  /** What `held_back` failed with. */
  error: unknown;
}

/**
 * Takes records that must go in order (a subscription's events, an outbox's rows) one at a time,
 * after a batch of them failed: those before a failing record are passed, the failing one is
 * held back with the rest behind it. A record that failed as often as the tracker's policy allows
 * is set aside (and passed) once another has gone through since it first failed: the records
 * after it are probed to find out. When nothing goes through, nothing is set aside.
 */
export async function takeInOrder<R>(
  records: readonly R[],
  work: InOrderWork<R>,
): Promise<InOrderOutcome<R>> {
  const { tracker } = work;
  const passed: R[] = [];
  for (const [index, record] of records.entries()) {
    const key = work.key(record);
    // One that waits only for evidence is tried again whenever the source reads.
    if (!tracker.isExhausted(key) && tracker.isWaiting(key))
      return { passed, held_back: record, error: null };
    const error = await work.attempt(record);
    if (error === null) {
      tracker.succeeded(key);
      passed.push(record);
      continue;
    }
    work.report(error);
    let verdict = tracker.failed(key, error);
    if (verdict.action === 'retry' && !verdict.transient && tracker.isExhausted(key)) {
      if (await probeLater(records.slice(index + 1), work)) tracker.succeeded();
      verdict = tracker.verdictOf(key) ?? verdict;
    }
    if (verdict.action !== 'set_aside') return { passed, held_back: record, error };
    await work.set_aside(record, verdict);
    tracker.forget(key);
    passed.push(record);
  }
  return { passed, held_back: null, error: null };
}

async function probeLater<R>(later: readonly R[], work: InOrderWork<R>): Promise<boolean> {
  for (const record of later.slice(0, MAX_PROBES)) {
    // A later record failing too is no evidence; it will be tried in its turn.
    if (await work.probe(record)) return true;
  }
  return false;
}
