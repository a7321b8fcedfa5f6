import { setTimeout as sleepFor } from 'node:timers/promises';
import { isRepeatable, retryDelayMs, type RetryPolicy } from './retry-policy';

export type Fetch = (input: Request) => Promise<Response>;

export interface RetryingFetchOptions {
  policy: RetryPolicy;
  fetch: Fetch;
  /** Waits `ms` (or less when the request is aborted); tests pass their own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now_ms?: () => number;
  random?: () => number;
}

const abortableSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  sleepFor(ms, undefined, { signal });

/**
 * `fetch` that sends a repeatable request (see isRepeatable) again after a 429 or 503, as the
 * policy says; any other request, and any other answer, is returned as it came.
 */
export function retryingFetch(options: RetryingFetchOptions): Fetch {
  const sleep = options.sleep ?? abortableSleep;
  const now_ms = options.now_ms ?? Date.now;
  const random = options.random ?? Math.random;
  return async (request) => {
    if (!isRepeatable(request.method, request.headers)) return options.fetch(request);
    for (let retries = 0; ; retries++) {
      const response = await options.fetch(request.clone());
      const delay_ms = retryDelayMs(
        {
          status: response.status,
          retry_after: response.headers.get('retry-after'),
          retries,
          now_ms: now_ms(),
          random: random(),
        },
        options.policy,
      );
      if (delay_ms === null) return response;
      await response.body?.cancel();
      await sleep(delay_ms, request.signal);
    }
  };
}
