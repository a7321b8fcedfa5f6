import type { Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

/**
 * The process's one async context: OpenTelemetry's context manager, which startTelemetry
 * registers, and which the platform's own request-scoped values ride in too (as context keys,
 * `createContextKey`). Node 20 gives every promise a property per AsyncLocalStorage and copies
 * it along in a promise hook: with a second storage each promise's property store was made
 * twice, and a transfer allocated 445 KB rather than 407 (`bench:api`, BENCH_HEAP_PROFILE).
 *
 * Used directly rather than through `context` of @opentelemetry/api, so that the values work
 * with tracing off too (no SDK registered), and after an SDK's shutdown unregistered it.
 */
let manager: AsyncLocalStorageContextManager | null = null;

export function processContextManager(): AsyncLocalStorageContextManager {
  manager ??= new AsyncLocalStorageContextManager().enable();
  return manager;
}

/** The context active here (with tracing off: the values set by `withContext` alone). */
export function activeContext(): Context {
  return processContextManager().active();
}

/** Runs `work` with `active` as the active context. */
export function withContext<T>(active: Context, work: () => T): T {
  return processContextManager().with(active, work);
}
