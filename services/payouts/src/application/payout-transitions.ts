import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { decide, effectOf, requireAwaiting } from '../domain/payout-decide';
import type {
  DebitOutcome,
  PayoutCommand,
  PayoutEffect,
  PayoutEvent,
} from '../domain/payout-events';
import type { PayoutRecord } from '../domain/payout-record';
import { dueStepOf, evolve, type PayoutState } from '../domain/payout-state';
import { OtherServices } from '../infrastructure/other-services';
import { RAIL_CONNECTORS, type RailConnectors } from '../infrastructure/rail-connectors';
import { PAYOUTS_SETTINGS, type PayoutsSettings } from '../payouts.settings';

/** One unit of work on a payout: its state as the domain moves it, and what was decided. */
export class PayoutChange {
  private readonly decided: PayoutEvent[] = [];

  constructor(private current: PayoutState) {}

  get state(): PayoutState {
    return this.current;
  }

  get payout(): PayoutRecord {
    return this.current.payout;
  }

  get events(): readonly PayoutEvent[] {
    return this.decided;
  }

  record(event: PayoutEvent): void {
    this.current = evolve(this.current, event);
    this.decided.push(event);
  }
}

/**
 * Moves payouts through their domain: asks the other party (screening, the ledger, the rail) only
 * when the payout awaits its answer, records the answer as a command, and makes what each decided
 * event needs outside before it counts (see PayoutEffect). The caller stores the result.
 */
@Injectable()
export class PayoutTransitions {
  constructor(
    @Inject(PAYOUTS_SETTINGS) private readonly settings: PayoutsSettings,
    @Inject(RAIL_CONNECTORS) private readonly connectors: RailConnectors,
    private readonly services: OtherServices,
  ) {}

  async apply(change: PayoutChange, command: PayoutCommand): Promise<void> {
    for (const event of decide(command, change.state)) {
      const effect = effectOf(event);
      if (effect) await this.perform(effect, change.payout);
      change.record(event);
    }
  }

  /** Screening, or `unavailable` when it cannot answer (spec §3: the payout waits for it). */
  async screen(change: PayoutChange): Promise<void> {
    requireAwaiting(change.state, 'record_screening');
    const { payout } = change;
    const screening = await this.services.screen({
      payout_id: payout.payout_id,
      account_id: payout.account_id,
      org_id: payout.org_id,
      country: payout.country,
      currency: payout.currency,
      local_amount: payout.local_amount,
      beneficiary_name: payout.beneficiary.name ?? '',
    });
    await this.apply(change, { type: 'record_screening', data: screening });
  }

  /**
   * The debit (a ledger hold of `total_debit`) after screening or a review, or a retry of it;
   * `debited_at` dates it in the past (a test account's demo payouts only).
   */
  async debit(change: PayoutChange, debited_at?: Date): Promise<void> {
    requireAwaiting(change.state, 'record_debit');
    const outcome = await this.placeHold(change.payout, debited_at);
    await this.apply(change, { type: 'record_debit', data: { outcome } });
  }

  private async placeHold(payout: PayoutRecord, debited_at?: Date): Promise<DebitOutcome> {
    try {
      await this.services.placeHold(payout, debited_at);
      return 'held';
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds') {
        return 'insufficient_funds';
      }
      if (error instanceof DomainError && error.code !== 'internal_error') throw error;
      return 'ledger_unreachable';
    }
  }

  /** Hands a debited payout to its connector: the one place a payout enters `processing`. */
  async dispatch(change: PayoutChange): Promise<void> {
    requireAwaiting(change.state, 'record_dispatch');
    const connector = this.connectors.for(change.payout);
    await connector.dispatch(change.payout);
    await this.apply(change, { type: 'record_dispatch', data: { mode: connector.mode } });
  }

  async pollRail(change: PayoutChange): Promise<void> {
    requireAwaiting(change.state, 'record_rail_answer');
    const answer = await this.connectors.for(change.payout).poll(change.payout);
    await this.apply(change, { type: 'record_rail_answer', data: answer });
  }

  /** When the payout's next step is due: after a step interval, or never (it waits or ended). */
  nextStepMs(payout: PayoutRecord): number | null {
    return dueStepOf(payout.status_code) === null ? null : this.settings.SANDBOX_STEP_MS;
  }

  private async perform(effect: PayoutEffect, payout: PayoutRecord): Promise<void> {
    switch (effect) {
      case 'post_hold':
        return this.services.postHold(payout);
      case 'release_hold':
        return this.services.releaseHold(payout);
      case 'release_review':
      case 'reject_review':
        if (!payout.review_id) return;
        await this.services.decideReview(
          payout.review_id,
          effect === 'release_review' ? 'released' : 'rejected',
        );
        return;
      default: {
        const unknown: never = effect;
        throw new Error(`unknown payout effect ${String(unknown)}`);
      }
    }
  }
}
