import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DomainError, type PayoutResource } from '@platform/contracts';
import { togetherOrAlone } from '@platform/persistence';
import { awaits } from '../domain/payout-decide';
import { publicPayout } from '../domain/payout-record';
import { dueStepOf, stateOf } from '../domain/payout-state';
import { PayoutsRepository } from '../infrastructure/payouts.repository';
import { PayoutChange, PayoutTransitions } from './payout-transitions';

/**
 * Moves payouts along the state table of spec section 3 after create: due steps (screening
 * retries, debit retries, dispatch, rail answers) and operator decisions. Every change is saved
 * with its `payout_status_changed` in one transaction, on the payout's row lock.
 */
@Injectable()
export class PayoutLifecycle {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly transitions: PayoutTransitions,
  ) {}

  /** Runs the due step of one payout; a payout locked by another worker is skipped. */
  async step(payout_id: string): Promise<void> {
    await this.payouts.withLockedPayout(
      payout_id,
      async (client, record) => {
        const change = new PayoutChange(stateOf(record));
        await this.runDueStep(change);
        await this.save(client, change);
      },
      { skip_locked: true },
    );
  }

  /**
   * The due steps of several payouts in one transaction: one begin, one lock, one write of their
   * rows and events and one commit for them all, where each step alone takes four statements.
   * Their ledger commands go out at once (its group commit takes them together). Answers the
   * payouts whose step failed, with why: should any step fail, nothing of the batch is kept and
   * each payout is stepped alone (every effect is idempotent by the payout), so one failing payout
   * never holds back the others.
   */
  stepMany(payout_ids: readonly string[]): Promise<Map<string, unknown>> {
    const together = () =>
      this.payouts.transaction(async (client) => {
        const records = await this.payouts.lockMany(client, payout_ids);
        // Every step settled before anything is stored or rolled back: none is left in flight.
        const stepped = await Promise.allSettled(
          records.map(async (record) => {
            const change = new PayoutChange(stateOf(record));
            await this.runDueStep(change);
            return change;
          }),
        );
        for (const step of stepped) if (step.status === 'rejected') throw step.reason;
        await this.saveMany(
          client,
          stepped.flatMap((step) => (step.status === 'fulfilled' ? [step.value] : [])),
        );
      });
    return togetherOrAlone(payout_ids, together, (payout_id) => this.step(payout_id));
  }

  private async runDueStep(change: PayoutChange): Promise<void> {
    const step = dueStepOf(change.payout.status_code);
    switch (step) {
      case 'screen':
        await this.transitions.screen(change);
        // Screened after a wait: debited now, dispatched at its turn (spec §3's extra codes).
        if (change.state.cleared_for_debit) await this.transitions.debit(change);
        return;
      case 'debit':
        return this.transitions.debit(change);
      case 'start_dispatch':
        return this.transitions.apply(change, { type: 'start_dispatch' });
      case 'dispatch':
        return this.transitions.dispatch(change);
      case 'poll_rail':
        return this.transitions.pollRail(change);
      case null:
        return;
      default: {
        const unknown: never = step;
        throw new Error(`unknown payout step ${String(unknown)}`);
      }
    }
  }

  /** An operator sent a manual payout: the hold is posted and the payout completes. */
  confirmManual(payout_id: string): Promise<PayoutResource> {
    return this.decideAsOperator(payout_id, (change) =>
      this.transitions.apply(change, { type: 'confirm_manual' }),
    );
  }

  /** An operator could not send a manual payout: the hold is released and the payout fails. */
  rejectManual(payout_id: string): Promise<PayoutResource> {
    return this.decideAsOperator(payout_id, (change) =>
      this.transitions.apply(change, { type: 'reject_manual' }),
    );
  }

  /** Firewall review released: the payout is debited and dispatched like a screened one. */
  releaseReview(payout_id: string): Promise<PayoutResource> {
    return this.decideAsOperator(payout_id, async (change) => {
      await this.transitions.apply(change, { type: 'release_review' });
      await this.transitions.debit(change);
      if (awaits(change.state, 'record_dispatch')) await this.transitions.dispatch(change);
    });
  }

  /** Firewall review rejected: nothing was debited, the payout fails before any debit. */
  rejectReview(payout_id: string): Promise<PayoutResource> {
    return this.decideAsOperator(payout_id, (change) =>
      this.transitions.apply(change, { type: 'reject_review' }),
    );
  }

  private async decideAsOperator(
    payout_id: string,
    work: (change: PayoutChange) => Promise<void>,
  ): Promise<PayoutResource> {
    const outcome = await this.payouts.withLockedPayout(
      payout_id,
      async (client, record) => {
        const change = new PayoutChange(stateOf(record));
        await work(change);
        await this.save(client, change);
        return publicPayout(change.payout);
      },
      { skip_locked: false },
    );
    if (!outcome) throw new DomainError('not_found', 'payout not found');
    return outcome;
  }

  /** Stores what was decided and announces it; a step that decided nothing is only rescheduled. */
  private save(client: PoolClient, change: PayoutChange): Promise<void> {
    return this.saveMany(client, [change]);
  }

  /** save for several payouts: the rows and events of those that moved in one write. */
  private async saveMany(client: PoolClient, changes: readonly PayoutChange[]): Promise<void> {
    const moved = changes.filter((change) => change.events.length > 0);
    for (const change of changes) {
      if (change.events.length > 0) continue;
      const next_step_ms = this.transitions.nextStepMs(change.payout);
      await this.payouts.scheduleStep(client, change.payout.payout_id, next_step_ms);
    }
    // A destination the rail rejected needs an acknowledged retry for 24 hours.
    for (const change of moved) {
      if (change.events.some((event) => event.type === 'rail_rejected')) {
        await this.payouts.recordRejection(client, change.payout);
      }
    }
    await this.payouts.saveStates(
      client,
      moved.map((change) => ({
        record: change.payout,
        next_step_at_ms: this.transitions.nextStepMs(change.payout),
      })),
    );
  }
}
