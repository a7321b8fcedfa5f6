import { createContextKey } from '@opentelemetry/api';
import { activeContext, withContext } from '@platform/observability';

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
 * Both scopes under one key of the process's async context (`withContext`), which tracing
 * shares: another AsyncLocalStorage would cost a copy on each promise the process creates.
 */
const REPLAY_SCOPES = createContextKey('platform.replay_scopes');

function activeScopes(): ReplayScopes | undefined {
  return activeContext().getValue(REPLAY_SCOPES) as ReplayScopes | undefined;
}

function withScopes<T>(scopes: ReplayScopes, work: () => T): T {
  return withContext(activeContext().setValue(REPLAY_SCOPES, scopes), work);
}

/**
 * Says that the command being answered was answered from a stored result: a request that
 * carried an idempotency key already used. Services' idempotency helpers call it; the bus
 * server then marks the reply (`replayed: true`) and the caller sees it without reading the
 * value. Outside a handler it does nothing.
 */
export function markReplayed(): void {
  const scope = activeScopes()?.answering;
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
  const value = await withScopes({ answering: scope, observing: undefined }, handle);
  return { value, replayed: scope.replayed };
}

/** Runs `work`, which sends commands; `replayed()` then tells whether a reply was a replay. */
export function observeReplays<T>(work: () => T): { result: T; replayed: () => boolean } {
  const scope: ReplayScope = { replayed: false };
  const result = withScopes({ answering: activeScopes()?.answering, observing: scope }, work);
  return { result, replayed: () => scope.replayed };
}

/** Called by the bus client for a reply marked `replayed`. */
export function noteReplayedReply(): void {
  const scope = activeScopes()?.observing;
  if (scope) scope.replayed = true;
}
