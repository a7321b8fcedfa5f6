import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { PgEventStore } from '@platform/event-store';
import {
  lookOutcomeOf,
  PollCadence,
  Poller,
  PoisonGuard,
  WOKEN_IDLE_POLL_MS,
  type DeadLetters,
  type LookOutcome,
} from '@platform/persistence';
import { DEAD_LETTERS, poisonPolicyOf } from '@platform/runtime';
import { WithdrawalSteps } from '../../application/withdrawals/withdrawal-steps';
import { CRYPTO_WALLETS_SETTINGS, type CryptoWalletsSettings } from '../../crypto-wallets.settings';
import { WithdrawalServices } from './withdrawal-services';
import { WithdrawalsRepository } from './withdrawals.repository';
import { WITHDRAWALS_EVENTS } from './withdrawals-store';

const DUE_BATCH = 50;

/**
 * Resumes withdrawals after a crash: a stored pending withdrawal whose broadcast did not happen
 * is broadcast (the table is the queue, `next_step_at`), and a create cut short before it was
 * stored gives back its hold and key. A withdrawal that keeps failing is set aside as a dead
 * letter with its reason, and the others go on (D12).
 */
@Injectable()
export class WithdrawalsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('crypto-withdrawals');
  private readonly poller: Poller;
  private last_recovery_at_ms = 0;
  private readonly broadcasts: PoisonGuard;
  private readonly recoveries: PoisonGuard;
  private stop_waking: (() => Promise<void>) | undefined;

  constructor(
    @Inject(CRYPTO_WALLETS_SETTINGS) private readonly settings: CryptoWalletsSettings,
    @Inject(DEAD_LETTERS) dead_letters: DeadLetters,
    private readonly steps: WithdrawalSteps,
    private readonly withdrawals: WithdrawalsRepository,
    private readonly services: WithdrawalServices,
    @Inject(WITHDRAWALS_EVENTS) private readonly events: PgEventStore,
  ) {
    const policy = poisonPolicyOf(settings);
    this.broadcasts = new PoisonGuard(dead_letters, 'worker:withdrawal_broadcast', policy);
    this.recoveries = new PoisonGuard(dead_letters, 'worker:withdrawal_claim_recovery', policy);
    this.poller = new Poller({
      look: () => this.runDue(),
      // Woken by the withdrawals store's appends (a withdrawal created or moved).
      cadence: PollCadence.followingStep(settings.SANDBOX_STEP_MS, WOKEN_IDLE_POLL_MS),
      on_error: (error) => this.logger.warn(`withdrawal steps failed: ${String(error)}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.stop_waking = await this.events.onAppended(() => this.poller.wake());
    this.poller.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop_waking?.();
    await this.poller.stop();
  }

  /**
   * Broadcasts what is due (and now and then recovers cut-short creates): whether any was due, or
   * a full batch.
   */
  private async runDue(): Promise<LookOutcome> {
    const recovery_ms = this.settings.WITHDRAWALS_CLAIM_RECOVERY_MS;
    if (Date.now() - this.last_recovery_at_ms >= Math.min(5_000, recovery_ms / 4)) {
      this.last_recovery_at_ms = Date.now();
      await this.recoverAbandonedClaims(recovery_ms);
    }
    const due = await this.withdrawals.dueBroadcasts(DUE_BATCH, this.broadcasts);
    for (const withdrawal_id of due) {
      if (this.poller.is_stopped) return true;
      const result = await this.broadcasts.run(withdrawal_id, { withdrawal_id }, () =>
        this.steps.broadcast(withdrawal_id, null),
      );
      if (result.outcome === 'retry') {
        this.logger.warn(`withdrawal ${withdrawal_id} broadcast failed: ${String(result.error)}`);
        await this.withdrawals.postpone(withdrawal_id, result.retry_in_ms);
      }
      if (result.outcome === 'set_aside') {
        this.logger.error(
          `withdrawal ${withdrawal_id} set aside as a dead letter: ${result.reason}`,
        );
      }
    }
    return lookOutcomeOf(due.length, DUE_BATCH);
  }

  private async recoverAbandonedClaims(recovery_ms: number): Promise<void> {
    const claims = await this.withdrawals.abandonedClaims(recovery_ms, this.recoveries);
    for (const claim of claims) {
      if (this.poller.is_stopped) return;
      const result = await this.recoveries.run(claim.withdrawal_id, claim, async () => {
        if (!(await this.services.releaseAbandonedHold(claim))) return;
        await this.withdrawals.abandonClaim(claim.withdrawal_id);
        this.logger.warn(`recovered the unfinished create of withdrawal ${claim.withdrawal_id}`);
      });
      if (result.outcome === 'set_aside') {
        this.logger.error(`claim recovery of ${claim.withdrawal_id} set aside: ${result.reason}`);
      }
    }
  }
}
