import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { addGaugeSource } from '@platform/observability';
import { inLanes, PollCadence, Poller, PoisonGuard, type DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  PLATFORM_CONTEXT,
  poisonPolicyOf,
  type PlatformContext,
} from '@platform/runtime';
import { PayoutLifecycle } from '../application/payout-lifecycle';
import { PAYOUTS_SETTINGS, type PayoutsSettings } from '../payouts.settings';
import { OtherServices } from './other-services';
import { PayoutsRepository } from './payouts.repository';

const DUE_BATCH = 50;
/**
 * Steps of different payouts run side by side, this many at a time. Four were too few to keep
 * up: under 90 creates a second, payouts waited 8-13 s to complete; with eight, 0.4 s (`npm run
 * bench:api`). Once a create became one statement, eight fell behind again (130 creates a second:
 * 2.7 s at p99); with sixteen, 0.5 s. Each step holds one connection while it waits on the ledger
 * or the rail, and needs no other.
 */
const PARALLEL_STEPS = 16;
/**
 * The service's pool: a connection for each step, and as many again for creates and reads, so
 * that steps held up by a slow ledger or rail cannot leave the API waiting for a connection.
 */
export const PAYOUTS_POOL_SIZE = PARALLEL_STEPS * 2;

/**
 * The durable scheduler of payout steps: the payouts table is the queue (`next_step_at`), so a
 * restart loses nothing, and row locks with SKIP LOCKED let any number of replicas poll it.
 */
@Injectable()
export class PayoutsRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('payouts');
  private readonly poller: Poller;
  private readonly claim_recovery_ms: number;
  private last_recovery_at_ms = 0;
  /** A step or recovery that fails waits out a backoff; one that keeps failing is set aside. */
  private readonly steps: PoisonGuard;
  private readonly recoveries: PoisonGuard;
  private stop_status_gauge: (() => void) | undefined;

  constructor(
    @Inject(PAYOUTS_SETTINGS) settings: PayoutsSettings,
    @Inject(DEAD_LETTERS) private readonly dead_letters: DeadLetters,
    private readonly lifecycle: PayoutLifecycle,
    private readonly payouts: PayoutsRepository,
    private readonly services: OtherServices,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
  ) {
    this.claim_recovery_ms = settings.PAYOUTS_CLAIM_RECOVERY_MS;
    const policy = poisonPolicyOf(settings);
    this.steps = new PoisonGuard(this.dead_letters, 'worker:payout_step', policy);
    this.recoveries = new PoisonGuard(this.dead_letters, 'worker:payout_claim_recovery', policy);
    this.poller = new Poller({
      look: () => this.runDue(),
      cadence: PollCadence.followingStep(settings.SANDBOX_STEP_MS),
      on_error: (error) => this.logger.warn(`payout steps failed: ${String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.poller.start();
    this.stop_status_gauge = addGaugeSource(
      {
        name: 'payouts_by_status',
        help: 'payouts in each status',
        label_names: ['status', 'environment'],
      },
      async () =>
        (await this.payouts.countByStatus()).map(({ status, count }) => ({
          labels: { status, environment: this.context.environment },
          value: count,
        })),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stop_status_gauge?.();
    await this.poller.stop();
  }

  /** Runs the due steps (and now and then the claim recovery): true when any was due. */
  private async runDue(): Promise<boolean> {
    // Looked at a few times per recovery window, not on every poll.
    if (Date.now() - this.last_recovery_at_ms >= Math.min(5_000, this.claim_recovery_ms / 4)) {
      this.last_recovery_at_ms = Date.now();
      await this.recoverAbandonedClaims().catch((error: unknown) =>
        this.logger.warn(`claim recovery failed, retrying: ${String(error)}`),
      );
    }
    const due = await this.payouts.dueSteps(DUE_BATCH, this.steps);
    // A few at a time: each step waits on the ledger or the rail, and holds only its own row.
    await inLanes(
      due,
      PARALLEL_STEPS,
      (payout_id) => this.runStep(payout_id),
      () => this.poller.is_stopped,
    );
    return due.length > 0;
  }

  private async runStep(payout_id: string): Promise<void> {
    const result = await this.steps.run(payout_id, { payout_id }, () =>
      this.lifecycle.step(payout_id),
    );
    if (result.outcome === 'retry') {
      this.logger.warn(`payout ${payout_id} step failed, retrying: ${String(result.error)}`);
      await this.payouts.postponeStep(payout_id, result.retry_in_ms);
    }
    if (result.outcome === 'set_aside')
      this.logger.error(`payout ${payout_id} step set aside as a dead letter: ${result.reason}`);
  }

  private async recoverAbandonedClaims(): Promise<void> {
    const claims = await this.payouts.abandonedClaims(this.claim_recovery_ms, this.recoveries);
    for (const claim of claims) {
      if (this.poller.is_stopped) return;
      const result = await this.recoveries.run(claim.payout_id, claim, async () => {
        if (!(await this.services.releaseAbandonedHold(claim))) return;
        await this.payouts.abandonClaim(claim.payout_id);
        this.logger.warn(`recovered the unfinished create of payout ${claim.payout_id}`);
      });
      if (result.outcome === 'retry')
        this.logger.warn(`claim recovery of ${claim.payout_id} failed: ${String(result.error)}`);
      if (result.outcome === 'set_aside')
        this.logger.error(`claim recovery of ${claim.payout_id} set aside: ${result.reason}`);
    }
  }
}
