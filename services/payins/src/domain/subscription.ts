import { DomainError } from '@platform/contracts';
import {
  firstPeriodAtOrAfter,
  nextChargeAt,
  type SubscriptionInterval,
} from './subscription-schedule';

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How the last due charge went; null before the first one. */
export type LastChargeStatus = 'succeeded' | 'failed' | null;

/** A stored-card recurring charge, as its row holds it. */
export interface Subscription {
  subscription_id: string;
  account_id: string;
  org_id: string;
  stored_card_id: string;
  /** Decimal string in `currency`. */
  amount: string;
  currency: string;
  /** The stored card's corridor: every charge is a card payin there. */
  country: string;
  interval: SubscriptionInterval;
  /** The organization's time zone when created: charges keep the anchor's wall clock there. */
  timezone: string;
  anchor_at: Date;
  status: SubscriptionStatus;
  /** The period the next due charge is for (0 is the anchor). */
  next_period_index: number;
  /** Null once canceled. */
  next_charge_at: Date | null;
  last_charge_status: LastChargeStatus;
  last_charge_at: Date | null;
  idempotency_key: string | null;
  created_at: Date;
  canceled_at: Date | null;
}

/** What a charge of one period came to. */
export type ChargeOutcome =
  { status: 'succeeded'; payin_id: string } | { status: 'failed'; reason: string };

export type SubscriptionCommand =
  | { type: 'pause' }
  | { type: 'resume'; at: Date }
  | { type: 'cancel'; at: Date }
  | { type: 'record_charge'; period_index: number; at: Date; outcome: ChargeOutcome };

export type SubscriptionEvent =
  | { type: 'paused' }
  | { type: 'resumed'; data: { next_period_index: number; next_charge_at: Date } }
  | { type: 'canceled'; data: { at: Date } }
  | {
      type: 'charge_recorded';
      data: {
        period_index: number;
        at: Date;
        outcome: ChargeOutcome;
        next_charge_at: Date;
      };
    };

type Schedule = Pick<Subscription, 'interval' | 'anchor_at' | 'timezone'>;

export function chargeTimeOf(subscription: Schedule, period_index: number): Date {
  return nextChargeAt(
    subscription.interval,
    subscription.anchor_at,
    period_index,
    subscription.timezone,
  );
}

/**
 * What a command does to a subscription. Repeating the current state changes nothing (no
 * events); leaving `canceled` is `subscription_state`. A charge is recorded once, for the period
 * that is due: a repeated or stale record changes nothing.
 */
export function decideSubscription(
  command: SubscriptionCommand,
  state: Subscription,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'pause':
      if (state.status === 'canceled') throw refused('pause', state.status);
      return state.status === 'paused' ? [] : [{ type: 'paused' }];
    case 'resume': {
      if (state.status === 'canceled') throw refused('resume', state.status);
      if (state.status === 'active') return [];
      // Periods that fell due while paused are skipped, never charged late.
      const next_period_index = firstPeriodAtOrAfter(
        state.interval,
        state.anchor_at,
        state.timezone,
        command.at,
        state.next_period_index,
      );
      return [
        {
          type: 'resumed',
          data: { next_period_index, next_charge_at: chargeTimeOf(state, next_period_index) },
        },
      ];
    }
    case 'cancel':
      return state.status === 'canceled' ? [] : [{ type: 'canceled', data: { at: command.at } }];
    case 'record_charge':
      if (command.period_index !== state.next_period_index) return [];
      return [
        {
          type: 'charge_recorded',
          data: {
            period_index: command.period_index,
            at: command.at,
            outcome: command.outcome,
            next_charge_at: chargeTimeOf(state, command.period_index + 1),
          },
        },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`unknown subscription command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveSubscription(state: Subscription, event: SubscriptionEvent): Subscription {
  switch (event.type) {
    case 'paused':
      return { ...state, status: 'paused' };
    case 'resumed':
      return {
        ...state,
        status: 'active',
        next_period_index: event.data.next_period_index,
        next_charge_at: event.data.next_charge_at,
      };
    case 'canceled':
      return { ...state, status: 'canceled', next_charge_at: null, canceled_at: event.data.at };
    case 'charge_recorded':
      return {
        ...state,
        next_period_index: event.data.period_index + 1,
        next_charge_at: state.status === 'canceled' ? null : event.data.next_charge_at,
        last_charge_status: event.data.outcome.status,
        last_charge_at: event.data.at,
      };
    default: {
      const unknown: never = event;
      throw new Error(`unknown subscription event ${JSON.stringify(unknown)}`);
    }
  }
}

/** A subscription is charged for its due period only while active. */
export function isDue(state: Subscription, now: Date): boolean {
  return (
    state.status === 'active' &&
    state.next_charge_at !== null &&
    state.next_charge_at.getTime() <= now.getTime()
  );
}

function refused(action: string, status: SubscriptionStatus): DomainError {
  return new DomainError('subscription_state', `a ${status} subscription cannot ${action}`);
}
