import { AsyncLocalStorage } from 'node:async_hooks';

interface ReplayScope {
  replayed: boolean;
}

interface ReplayScopes {
  /** The command a handler is answering. */
  answering: ReplayScope | undefined;
  /** The caller (a gateway request) waiting on replies. */
  observing: ReplayScope | undefined;
}

/**
 * Both scopes in one storage. Every AsyncLocalStorage costs a copy on each promise the process
 * creates (Node 20 propagates each storage in a promise hook), and a handler would otherwise enter
 * two of them per command.
 */
const scopes = new AsyncLocalStorage<ReplayScopes>();

/**
 * Says that the command being answered was answered from a stored result: a request that
 * carried an idempotency key already used. Services' idempotency helpers call it; the bus
 * server then marks the reply (`replayed: true`) and the caller sees it without reading the
 * value. Outside a handler it does nothing.
 */
export function markReplayed(): void {
  const scope = scopes.getStore()?.answering;
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
  const value = await scopes.run({ answering: scope, observing: undefined }, handle);
  return { value, replayed: scope.replayed };
}

/** Runs `work`, which sends commands; `replayed()` then tells whether a reply was a replay. */
export function observeReplays<T>(work: () => T): { result: T; replayed: () => boolean } {
  const scope: ReplayScope = { replayed: false };
  const result = scopes.run({ answering: scopes.getStore()?.answering, observing: scope }, work);
  return { result, replayed: () => scope.replayed };
}

/** Called by the bus client for a reply marked `replayed`. */
export function noteReplayedReply(): void {
  const scope = scopes.getStore()?.observing;
  if (scope) scope.replayed = true;
}
