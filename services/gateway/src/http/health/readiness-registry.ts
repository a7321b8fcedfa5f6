import { Injectable } from '@nestjs/common';

/** Resolves (or returns true) when ready; rejects or returns false when not. */
export type ReadinessCheck = () => Promise<boolean | void>;
export type ReadinessState = 'ok' | 'failed';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ReadinessState>;
  /** The causes of failed checks, for the log only: they may name infrastructure. */
  failures: Record<string, string>;
}

export const DEFAULT_READINESS_TIMEOUT_MS = 2000;

/** Modules register what must work before the gateway takes traffic (bus, database, ...). */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check already registered: ${name}`);
    this.checks.set(name, check);
  }

  async run(timeout_ms = DEFAULT_READINESS_TIMEOUT_MS): Promise<ReadinessReport> {
    const entries = [...this.checks.entries()];
    const outcomes = await Promise.all(
      entries.map(([, check]) => runWithTimeout(check, timeout_ms)),
    );
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
}

/** undefined when the check passed, else why it failed. */
async function runWithTimeout(
  check: ReadinessCheck,
  timeout_ms: number,
): Promise<string | undefined> {
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
