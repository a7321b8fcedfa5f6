import type { PoolClient } from 'pg';
import type { DeadLetters, PoisonTracker } from '@platform/persistence';
import type { RecordedEvent, SubscriptionHandler } from './types';

/** Later events tried, rolled back, to see whether others go through where one keeps failing. */
const MAX_PROBES = 10;

export interface OneByOne {
  source: string;
  handler: SubscriptionHandler;
  tracker: PoisonTracker;
  dead_letters: DeadLetters;
  report: (error: unknown) => void;
}

export interface OneByOneOutcome {
  /** The position of the last event applied or set aside (the checkpoint to move to). */
  position: string;
  /** The event that failed and must be retried later; null when the whole batch went through. */
  held_back: RecordedEvent | null;
}

/**
 * Applies a batch that failed as a whole one event at a time, each in a savepoint of the caller's
 * transaction, so that only the event that fails is held back. An event that failed as often as
 * the policy allows is set aside (recorded in the dead-letter table in the same transaction, and
 * passed) once another event has gone through since it first failed: a later event of the batch
 * is tried and rolled back to find out. When nothing goes through, nothing is set aside.
 */
export async function applyOneByOne(
  client: PoolClient,
  from_position: string,
  events: readonly RecordedEvent[],
  work: OneByOne,
): Promise<OneByOneOutcome> {
  let position = from_position;
  for (const [index, event] of events.entries()) {
    const key = event.event_id;
    // One that waits only for evidence is tried again whenever the subscription reads.
    if (!work.tracker.isExhausted(key) && work.tracker.isWaiting(key))
      return { position, held_back: event };
    const error = await attempt(client, work.handler, event);
    if (error === null) {
      work.tracker.succeeded(key);
      position = event.position;
      continue;
    }
    work.report(error);
    let verdict = work.tracker.failed(key, error);
    if (verdict.action === 'retry' && !verdict.transient && work.tracker.isExhausted(key)) {
      await probe(client, work, events.slice(index + 1));
      verdict = work.tracker.verdictOf(key) ?? verdict;
    }
    if (verdict.action !== 'set_aside') return { position, held_back: event };
    await work.dead_letters.record(
      {
        source: work.source,
        record_key: key,
        reason: verdict.reason,
        payload: event,
        attempts: verdict.attempts,
        first_failed_at: verdict.first_failed_at,
      },
      client,
    );
    work.tracker.forget(key);
    position = event.position;
  }
  return { position, held_back: null };
}

/** Runs the handler on one event in a savepoint; the error it threw, or null. */
async function attempt(
  client: PoolClient,
  handler: SubscriptionHandler,
  event: RecordedEvent,
): Promise<unknown> {
  await client.query('savepoint one_event');
  try {
    await handler([event], client);
    await client.query('release savepoint one_event');
    return null;
  } catch (error) {
    // A connection that cannot roll back throws here: the subscription reconnects, counting nothing.
    await client.query('rollback to savepoint one_event');
    return error ?? new Error('handler failed');
  }
}

/** Tries the events after a failing one (undone at once); one going through is the evidence. */
async function probe(
  client: PoolClient,
  work: OneByOne,
  later: readonly RecordedEvent[],
): Promise<void> {
  for (const event of later.slice(0, MAX_PROBES)) {
    await client.query('savepoint probe');
    try {
      await work.handler([event], client);
      work.tracker.succeeded();
      return;
    } catch {
      // A later event failing too is no evidence; it will be tried in its turn.
    } finally {
      await client.query('rollback to savepoint probe');
    }
  }
}
