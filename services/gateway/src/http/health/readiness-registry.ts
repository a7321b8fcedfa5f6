import { Injectable } from '@nestjs/common';
import {
  DEFAULT_READINESS_TIMEOUT_MS,
  runReadinessChecks,
  type ReadinessCheck,
  type ReadinessReport,
} from '@platform/runtime';

export type { ReadinessCheck, ReadinessReport } from '@platform/runtime';

/** Modules register what must work before the gateway takes traffic (bus, database, ...). */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check already registered: ${name}`);
    this.checks.set(name, check);
  }

  run(timeout_ms = DEFAULT_READINESS_TIMEOUT_MS): Promise<ReadinessReport> {
    return runReadinessChecks(this.checks, timeout_ms);
  }
}
