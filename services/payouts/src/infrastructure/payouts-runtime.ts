import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore, Subscription } from '@platform/event-store';
import type { DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  PLATFORM_CONTEXT,
  SERVICE_POOL,
  startEventRelay,
  type PlatformContext,
} from '@platform/runtime';
import { PayoutLifecycle } from '../application/payout-lifecycle';
import { sandboxStepMs } from '../application/sandbox-step';
import { OtherServices } from './other-services';
import { PAYOUTS_EVENTS } from './payouts-store';
import { PayoutsRepository } from './payouts.repository';

/** Longest and shortest pause between looks at the due payouts. */
const MAX_POLL_MS = 250;
const MIN_POLL_MS = 10;
/** A step that failed (a service down) is tried again after this long. */
const FAILED_STEP_RETRY_MS = 1_000;
const DUE_BATCH = 50;
/**
 * A claimed key whose create has not finished after this long belongs to a process that died
 * mid-create (bus calls time out after 30 s): its hold is released and the key freed, so the
 * client's retry with the same key creates the payout. PAYOUTS_CLAIM_RECOVERY_MS.
 */
const DEFAULT_CLAIM_RECOVERY_MS = 120_000;

function claimRecoveryMs(settings: Record<string, string | undefined>): number {
  const configured = settings.PAYOUTS_CLAIM_RECOVERY_MS;
  if (configured === undefined || configured === '') return DEFAULT_CLAIM_RECOVERY_MS;
  const value = Number(configured);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error('PAYOUTS_CLAIM_RECOVERY_MS must be a positive integer of milliseconds');
  return value;
}

/**
 * The durable scheduler of payout steps: the payouts table is the queue (`next_step_at`), so a
 * restart loses nothing, and row locks with SKIP LOCKED let any number of replicas poll it.
 * Also relays committed payout events to `events.payouts`.
 */
@Injectable()
export class PayoutsRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('payouts');
  private relay: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private readonly claim_recovery_ms: number;
  private last_recovery_at_ms = 0;

  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(PAYOUTS_EVENTS) private readonly events: PgEventStore,
    @Inject(DEAD_LETTERS) private readonly dead_letters: DeadLetters,
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly lifecycle: PayoutLifecycle,
    private readonly payouts: PayoutsRepository,
    private readonly services: OtherServices,
  ) {
    this.claim_recovery_ms = claimRecoveryMs(context.settings);
  }

  onApplicationBootstrap(): void {
    this.relay = startEventRelay({
      store: this.events,
      bus: this.context.bus,
      service: 'payouts',
      on_error: (error) => this.logger.warn(`event relay retrying: ${String(error)}`),
      dead_letters: this.dead_letters,
    });
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.relay?.stop();
  }

  private schedule(): void {
    if (this.stopping) return;
    const poll_ms = Math.max(MIN_POLL_MS, Math.min(MAX_POLL_MS, sandboxStepMs(this.context)));
    this.timer = setTimeout(() => {
      this.running = this.runDue()
        .catch((error: unknown) => this.logger.warn(`payout steps failed: ${String(error)}`))
        .finally(() => this.schedule());
    }, poll_ms);
  }

  private async runDue(): Promise<void> {
    // Looked at a few times per recovery window, not on every poll.
    if (Date.now() - this.last_recovery_at_ms >= Math.min(5_000, this.claim_recovery_ms / 4)) {
      this.last_recovery_at_ms = Date.now();
      await this.recoverAbandonedClaims().catch((error: unknown) =>
        this.logger.warn(`claim recovery failed, retrying: ${String(error)}`),
      );
    }
    const { rows } = await this.pool.query<{ payout_id: string }>(
      `select payout_id::text from payouts where next_step_at <= now()
       order by next_step_at limit $1`,
      [DUE_BATCH],
    );
    for (const { payout_id } of rows) {
      if (this.stopping) return;
      try {
        await this.lifecycle.step(payout_id);
      } catch (error) {
        this.logger.warn(`payout ${payout_id} step failed, retrying: ${String(error)}`);
        await this.pool.query(
          `update payouts set next_step_at = now() + make_interval(secs => $2::double precision / 1000)
           where payout_id = $1 and next_step_at <= now()`,
          [payout_id, FAILED_STEP_RETRY_MS],
        );
      }
    }
  }

  private async recoverAbandonedClaims(): Promise<void> {
    for (const claim of await this.payouts.abandonedClaims(this.claim_recovery_ms)) {
      if (this.stopping) return;
      if (await this.services.releaseAbandonedHold(claim)) {
        await this.payouts.abandonClaim(claim.payout_id);
        this.logger.warn(`recovered the unfinished create of payout ${claim.payout_id}`);
      }
    }
  }
}
