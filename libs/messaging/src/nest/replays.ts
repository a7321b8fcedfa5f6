import { AsyncLocalStorage } from 'node:async_hooks';

interface ReplayScope {
  replayed: boolean;
}

// The command a handler is answering, and the caller (a gateway request) waiting on replies.
const answering = new AsyncLocalStorage<ReplayScope | undefined>();
const observing = new AsyncLocalStorage<ReplayScope | undefined>();

/**
 * Says that the command being answered was answered from a stored result: a request that
 * carried an idempotency key already used. Services' idempotency helpers call it; the bus
 * server then marks the reply (`replayed: true`) and the caller sees it without reading the
 * value. Outside a handler it does nothing.
 */
export function markReplayed(): void {
  const scope = answering.getStore();
  if (scope) scope.replayed = true;
}

/**
 * Runs a command's handler in its own scope: what it marks is its reply's, and the replies it
 * receives from commands it sends itself never reach the caller that is waiting on it (in one
 * process, a handler runs within the caller's async context).
 */
export async function answerNotingReplay<T>(
  handle: () => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  const scope: ReplayScope = { replayed: false };
  const value = await observing.run(undefined, () => answering.run(scope, handle));
  return { value, replayed: scope.replayed };
}

/** Runs `work`, which sends commands; `replayed()` then tells whether a reply was a replay. */
export function observeReplays<T>(work: () => T): { result: T; replayed: () => boolean } {
  const scope: ReplayScope = { replayed: false };
  const result = observing.run(scope, work);
  return { result, replayed: () => scope.replayed };
}

/** Called by the bus client for a reply marked `replayed`. */
export function noteReplayedReply(): void {
  const scope = observing.getStore();
  if (scope) scope.replayed = true;
}
