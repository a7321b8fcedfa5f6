import type { DomainEvent } from '@platform/contracts';
import { decide } from './payin-decide';
import type { CreditTerms, PayinCommand, PayinEvent } from './payin-events';
import {
  creditedEvent,
  expiredEvent,
  refundedEvent,
  settlementScheduledEvent,
  type Payin,
} from './payin';

/** The columns a transition may change: never who the payin is for, nor how it was created. */
export type PayinChanges = Partial<
  Omit<Payin, 'payin_id' | 'account_id' | 'org_id' | 'kind' | 'created_at' | 'updated_at'>
>;

/** A payins event of the catalog, as the payin's stream records it. */
export type PublishedPayinEvent = Extract<DomainEvent, { type: `payins.${string}` }>;

/** What a command did: the events, the payin after them, what to store and what to publish. */
export interface PayinTransition {
  events: PayinEvent[];
  payin: Payin;
  changes: PayinChanges;
  published: PublishedPayinEvent[];
}

/** Decides `command` and applies what it decided: the one way a payin's state changes. */
export function transition(payin: Payin, command: PayinCommand): PayinTransition {
  const events = decide(payin, command);
  let after = payin;
  let changes: PayinChanges = {};
  const published: PublishedPayinEvent[] = [];
  for (const event of events) {
    const changed = changesOf(event);
    after = { ...after, ...changed };
    changes = { ...changes, ...changed };
    published.push(...publishedEventsOf(after, event));
  }
  return { events, payin: after, changes, published };
}

/** The payin after `event`. */
export function evolve(payin: Payin, event: PayinEvent): Payin {
  return { ...payin, ...changesOf(event) };
}

function credited(credit: CreditTerms) {
  return {
    status: 'credited' as const,
    next_step_at: null,
    credit_asset: credit.credit_asset,
    fx_rate: credit.fx_rate,
    credited_amount: credit.credited.toString(),
    fee: credit.fee.toString(),
  };
}

/** The columns an event sets. */
export function changesOf(event: PayinEvent): PayinChanges {
  switch (event.type) {
    case 'payment_received':
      return { ...credited(event.data.credit), credited_at: event.data.at };
    case 'settlement_scheduled':
      return {
        ...credited(event.data.credit),
        settlement_pending: true,
        settle_at: event.data.settle_at,
      };
    case 'settled':
      return { settlement_pending: false, settled_at: event.data.at, credited_at: event.data.at };
    case 'card_saved':
      return { instrument_id: event.data.instrument_id, instrument: event.data.instrument };
    case 'link_paid':
      return {
        ...credited(event.data.credit),
        paid_attempt_id: event.data.paid_with.payin_id,
        credited_at: event.data.at,
      };
    case 'attempt_matched':
      return { status: 'credited', next_step_at: null };
    case 'unassigned':
      return { status: 'unassigned', next_step_at: null, match_reason: event.data.match_reason };
    case 'collection_failed':
      return { status: 'failed', next_step_at: null, failure: event.data.failure };
    case 'expired':
      return { status: 'expired', next_step_at: null };
    case 'step_scheduled':
      return { next_step_at: event.data.at };
    case 'stepping_stopped':
      return { next_step_at: null };
    case 'refunded':
      return { refunded_amount: event.data.refunded_total.toString() };
    default: {
      const unknown: never = event;
      throw new Error(`unknown payin event ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The events of the catalog (spec §6) an event publishes, from the payin after it. A checkout
 * link's method attempts publish nothing: the link tells its payment.
 */
export function publishedEventsOf(after: Payin, event: PayinEvent): PublishedPayinEvent[] {
  switch (event.type) {
    case 'payment_received':
    case 'settled':
      return [{ type: 'payins.payin_credited', data: creditedEvent(after) }];
    case 'settlement_scheduled':
      return [{ type: 'payins.payin_settlement_scheduled', data: settlementScheduledEvent(after) }];
    case 'link_paid':
      return [{ type: 'payins.payin_credited', data: creditedEvent(after, event.data.paid_with) }];
    case 'collection_failed':
    case 'expired':
      return after.kind === 'payin'
        ? [{ type: 'payins.payin_expired', data: expiredEvent(after) }]
        : [];
    case 'refunded':
      return [
        {
          type: 'payins.payin_refunded',
          data: refundedEvent(after, event.data.amount.toString()),
        },
      ];
    case 'card_saved':
    case 'attempt_matched':
    case 'unassigned':
    case 'step_scheduled':
    case 'stepping_stopped':
      return [];
    default: {
      const unknown: never = event;
      throw new Error(`unknown payin event ${JSON.stringify(unknown)}`);
    }
  }
}
