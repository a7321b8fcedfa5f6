import type { PoolClient } from 'pg';
import { takeInOrder, type DeadLetters, type PoisonTracker } from '@platform/persistence';
import type { RecordedEvent, SubscriptionHandler } from './types';

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
 * transaction, so that only the event that fails is held back (takeInOrder). A poison event's
 * letter is recorded in the same transaction that moves the checkpoint past it; the later events
 * tried as evidence are rolled back at once.
 */
export async function applyOneByOne(
  client: PoolClient,
  from_position: string,
  events: readonly RecordedEvent[],
  work: OneByOne,
): Promise<OneByOneOutcome> {
  const { passed, held_back } = await takeInOrder(events, {
    key: (event) => event.event_id,
    attempt: (event) => inSavepoint(client, work.handler, event, 'keep'),
    probe: async (event) => (await inSavepoint(client, work.handler, event, 'undo')) === null,
    set_aside: (event, letter) =>
      work.dead_letters.record(
        { source: work.source, record_key: event.event_id, payload: event, ...letter },
        client,
      ),
    tracker: work.tracker,
    report: work.report,
  });
  return { position: passed.at(-1)?.position ?? from_position, held_back };
}

/** Runs the handler on one event in a savepoint, kept or undone; the error it threw, or null. */
async function inSavepoint(
  client: PoolClient,
  handler: SubscriptionHandler,
  event: RecordedEvent,
  outcome: 'keep' | 'undo',
): Promise<unknown> {
  await client.query('savepoint one_event');
  let error: unknown = null;
  try {
    await handler([event], client);
  } catch (failure) {
    error = failure ?? new Error('handler failed');
  }
  // A connection that cannot roll back throws here: the subscription reconnects, counting nothing.
  if (error === null && outcome === 'keep') await client.query('release savepoint one_event');
  else await client.query('rollback to savepoint one_event');
  return error;
}
