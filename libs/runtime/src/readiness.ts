import { z } from 'zod';

/** Resolves (or returns true) when ready; rejects or returns false when not. */
export type ReadinessCheck = () => Promise<boolean | void>;
export type ReadinessState = 'ok' | 'failed';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ReadinessState>;
  /** The causes of failed checks, for the log only: they may name infrastructure. */
  failures: Record<string, string>;
}

const checks = z.record(z.string(), z.enum(['ok', 'failed']));

/**
 * What `/readyz` answers, on the gateway and on every service process alike. A failed readiness
 * carries `error` and `message` too, so every non-2xx body has the API's error shape.
 */
export const readinessBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), checks }),
  z.object({
    status: z.literal('not_ready'),
    error: z.literal('not_ready'),
    message: z.string(),
    checks,
  }),
]);
export type ReadinessBody = z.infer<typeof readinessBodySchema>;

export const DEFAULT_READINESS_TIMEOUT_MS = 2000;

/** Runs every check at once; one that hangs counts as failed after `timeout_ms`. */
export async function runReadinessChecks(
  checks: ReadonlyMap<string, ReadinessCheck>,
  timeout_ms = DEFAULT_READINESS_TIMEOUT_MS,
): Promise<ReadinessReport> {
  const entries = [...checks.entries()];
  const outcomes = await Promise.all(entries.map(([, check]) => failureOf(check, timeout_ms)));
  const report: ReadinessReport = { ready: true, checks: {}, failures: {} };
  entries.forEach(([name], index) => {
    const failure = outcomes[index];
    report.checks[name] = failure === undefined ? 'ok' : 'failed';
    if (failure !== undefined) {
      report.ready = false;
      report.failures[name] = failure;
    }
  });
  return report;
}

export function readinessBody(report: ReadinessReport): ReadinessBody {
  if (report.ready) return { status: 'ready', checks: report.checks };
  return {
    status: 'not_ready',
    error: 'not_ready',
    message: 'the service is not ready',
    checks: report.checks,
  };
}

/** undefined when the check passed, else why it failed. */
async function failureOf(check: ReadinessCheck, timeout_ms: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`timed out after ${timeout_ms} ms`), timeout_ms);
  });
  const outcome = Promise.resolve()
    .then(check)
    .then(
      (result) => (result === false ? 'reported not ready' : undefined),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
