import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { IDENTITY_VERIFICATION_COMMANDS } from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import type { Outcome } from '../domain/verification-events';
import type { VerificationState } from '../domain/verification-state';
import { sandboxOutcome } from '../domain/sandbox-verification';
import { COMPLIANCE_JOBS } from '../infrastructure/compliance-jobs';
import { DisputeSteps } from './dispute-steps';
import {
  ADVANCE_TASK,
  ANNOUNCE_TASK,
  VerificationWriter,
  type AnnouncePayload,
} from './verification-writer';

/**
 * The worker of a submission's checks: each step emits the next check's event, one
 * `SANDBOX_STEP_MS` apart; after the last, the sandbox decides by the name (D8) and a live
 * submission waits for a reviewer. It also tells identity every status it must mirror.
 */
@Injectable()
export class VerificationSteps implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('compliance');

  constructor(
    @Inject(COMPLIANCE_JOBS) private readonly jobs: JobQueue,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly writer: VerificationWriter,
    private readonly bus: BusClient,
    private readonly disputes: DisputeSteps,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start({
      [ADVANCE_TASK]: (payload: { account_id: string }) => this.advance(payload.account_id),
      [ANNOUNCE_TASK]: (payload: AnnouncePayload) => this.announce(payload),
      // The queue starts once: the disputes' steps run on it too.
      ...this.disputes.tasks(),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop().catch((error: unknown) => {
      this.logger.warn(`compliance jobs did not stop cleanly: ${String(error)}`);
    });
  }

  private async advance(account_id: string): Promise<void> {
    await this.writer.write(account_id, (state) => ({
      type: 'advance',
      data: { outcome: this.outcomeOf(state), now: new Date().toISOString() },
    }));
  }

  /** The sandbox decides by the name; a live submission waits for a person. */
  private outcomeOf(state: VerificationState): Outcome {
    switch (this.context.environment) {
      case 'test':
        return sandboxOutcome(state.kind, state.identity);
      case 'live':
        return { type: 'await_review' };
      default: {
        const unhandled: never = this.context.environment;
        throw new Error(`unknown environment ${String(unhandled)}`);
      }
    }
  }

  private async announce(payload: AnnouncePayload): Promise<void> {
    await this.bus.send(IDENTITY_VERIFICATION_COMMANDS.apply_status, {
      account_id: payload.account_id,
      kyc_status: payload.kyc_status,
      verified: payload.verified,
    });
  }
}
