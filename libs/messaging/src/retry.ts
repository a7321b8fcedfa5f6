export interface RetryBackoff {
  /** Wait before the second attempt; doubles on each further attempt. */
  initial_ms: number;
  max_ms: number;
}

export const DEFAULT_RETRY_BACKOFF: RetryBackoff = { initial_ms: 100, max_ms: 2_000 };

/** Wait after failed attempt number `attempt` (1-based). */
export function backoffAfter(attempt: number, backoff: RetryBackoff): number {
  return Math.min(backoff.max_ms, backoff.initial_ms * 2 ** (attempt - 1));
}

export function sleep(duration_ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, duration_ms));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
