import type { PoolClient } from 'pg';
import {
  DomainError,
  type CreatedPayin,
  type CreatePayinCommand,
  type SubscriptionChargeView,
} from '@platform/contracts';
import {
  chargeTimeOf,
  decideSubscription,
  isDue,
  type ChargeOutcome,
} from '../domain/subscription';
import type {
  SubscriptionCharge,
  SubscriptionRow,
  SubscriptionsRepository,
} from '../infrastructure/subscriptions.repository';
import { storeDecided } from './subscription-events';

/** Where the charge of a subscription's next period is scheduled (the durable job queue). */
export interface ChargeJobs {
  /** In the caller's transaction: the job exists only if it commits. One pending job each. */
  scheduleCharge(client: PoolClient, subscription_id: string, run_at: Date): Promise<void>;
}

/** Makes a card payin of a stored card (the stored-card charge of `POST /v1/payins`). */
export type StoredCardCharge = (command: CreatePayinCommand) => Promise<CreatedPayin>;

/**
 * Why a period's charge fails for good (recorded, not retried): the card, the account or the
 * card rules refuse it. Anything else (the ledger or database down) is retried by the job.
 */
const FINAL_FAILURES = new Set<string>([
  'stored_card_revoked',
  'stored_card_corridor_mismatch',
  'verification_required',
  'provider_rejected',
  'not_found',
  'invalid_amount',
]);

/** The key of a period's payin: every retry and every worker makes the same one. */
export function periodKey(subscription_id: string, period_index: number): string {
  return `subscription:${subscription_id}:${period_index}`;
}

/**
 * Charges due periods, at most once each: the payin is keyed by (subscription, period), so a
 * retry after a crash between the payin and its record answers the same payin; the record is
 * written under the subscription's lock and only for the period that is due, with the charge's
 * row keyed by the period.
 */
export class SubscriptionCharger {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly charge: StoredCardCharge,
    private readonly jobs: ChargeJobs,
  ) {}

  /** The job's work: charge the period that is due now, if any. */
  async chargeDue(subscription_id: string, now = new Date()): Promise<SubscriptionCharge | null> {
    const subscription = await this.subscriptions.findById(subscription_id);
    if (!subscription || !isDue(subscription, now)) return null;
    return this.chargePeriod(subscription, now);
  }

  /** Sandbox: the next period is charged now, whenever it is due. */
  async chargeNext(account_id: string, subscription_id: string): Promise<SubscriptionChargeView> {
    const subscription = await this.subscriptions.findOwned(account_id, subscription_id);
    if (!subscription) throw new DomainError('not_found', 'subscription not found');
    if (subscription.status !== 'active')
      throw new DomainError(
        'subscription_state',
        `a ${subscription.status} subscription is not charged`,
      );
    const charge = await this.chargePeriod(subscription, new Date());
    if (!charge) throw new DomainError('subscription_state', 'the subscription changed meanwhile');
    return chargeView(charge);
  }

  private async chargePeriod(
    subscription: SubscriptionRow,
    now: Date,
  ): Promise<SubscriptionCharge | null> {
    const period_index = subscription.next_period_index;
    const outcome = await this.payinOf(subscription, period_index);
    return this.subscriptions.transaction(async (client) => {
      const state = await this.subscriptions.lock(client, subscription.subscription_id);
      if (!state) return null;
      const events = decideSubscription(
        { type: 'record_charge', period_index, at: now, outcome },
        state,
      );
      if (events.length === 0)
        return this.subscriptions.findCharge(state.subscription_id, period_index);
      const charge: SubscriptionCharge = {
        subscription_id: state.subscription_id,
        period_index,
        due_at: chargeTimeOf(state, period_index),
        status: outcome.status,
        payin_id: outcome.status === 'succeeded' ? outcome.payin_id : null,
        failure_reason: outcome.status === 'failed' ? outcome.reason : null,
        charged_at: now,
      };
      if (!(await this.subscriptions.insertCharge(client, charge))) return null;
      await storeDecided(this.subscriptions, this.jobs, client, state, events);
      return charge;
    });
  }

  private async payinOf(
    subscription: SubscriptionRow,
    period_index: number,
  ): Promise<ChargeOutcome> {
    try {
      const payin = await this.charge({
        account_id: subscription.account_id,
        org_id: subscription.org_id,
        base_url: subscription.base_url,
        body: {
          method: 'card',
          instrument_id: subscription.stored_card_id,
          country: subscription.country,
          currency: subscription.currency,
          amount: subscription.amount,
          idempotency_key: periodKey(subscription.subscription_id, period_index),
        },
      });
      return { status: 'succeeded', payin_id: payin.payin_id };
    } catch (error) {
      if (error instanceof DomainError && FINAL_FAILURES.has(error.code))
        return { status: 'failed', reason: error.code };
      throw error;
    }
  }
}

export function chargeView(charge: SubscriptionCharge): SubscriptionChargeView {
  return {
    subscription_id: charge.subscription_id,
    period_index: charge.period_index,
    due_at: charge.due_at.toISOString(),
    status: charge.status,
    payin_id: charge.payin_id,
    failure_reason: charge.failure_reason,
    charged_at: charge.charged_at.toISOString(),
  };
}
