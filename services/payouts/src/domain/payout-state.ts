import type { PayoutSource } from '@platform/contracts';
import type { PayoutEvent } from './payout-events';
import type { PayoutRecord } from './payout-record';
import type { PayoutDraft } from './payout-request';
import { flagsOf, type StatusCode } from './payout-status';
import type { PayoutPrice } from './pricing';

/** A payout as its lifecycle sees it: the stored payout, and where it is within one step. */
export interface PayoutState {
  payout: PayoutRecord;
  /**
   * Screening passed or a review was released, and the debit comes next. Never stored: the
   * debit's outcome is decided in the same step, and a step that stops before it leaves the
   * payout where it was (it is screened again, or stays in review).
   */
  cleared_for_debit: boolean;
}

export function stateOf(payout: PayoutRecord): PayoutState {
  return { payout, cleared_for_debit: false };
}

export interface NewPayout {
  payout_id: string;
  account_id: string;
  org_id: string;
  idempotency_key: string;
  source: PayoutSource;
  draft: PayoutDraft;
  price: PayoutPrice;
  /** ISO 8601 instant of the create. */
  now: string;
}

/** A payout as a create opens it (spec §3): screening is pending, nothing is debited. */
export function openPayout(input: NewPayout): PayoutState {
  const { draft, price } = input;
  return stateOf({
    ...flagsOf('compliance_pending'),
    payout_id: input.payout_id,
    account_id: input.account_id,
    org_id: input.org_id,
    idempotency_key: input.idempotency_key,
    country: draft.country,
    currency: draft.currency,
    method: draft.method,
    local_amount: draft.local_amount.toString(),
    beneficiary: draft.beneficiary,
    destination: draft.destination,
    purpose: draft.purpose,
    purpose_detail: draft.purpose_detail,
    document_id: draft.document_id,
    dispatch: draft.dispatch,
    source: input.source,
    settlement_asset: price.settlement_asset,
    total_debit: price.total_debit.toString(),
    fee: price.fee.toString(),
    usdt_amount: price.usdt_amount,
    usd_value: price.usd_value,
    rate: price.rate,
    rate_source: price.rate_source,
    review_id: null,
    bank_reference: '',
    uetr: null,
    imad: null,
    created_at: input.now,
    updated_at: input.now,
  });
}

/** The payout after an event: its status code (and the flags that go with it) and details. */
export function evolve(state: PayoutState, event: PayoutEvent): PayoutState {
  switch (event.type) {
    case 'screening_passed':
    case 'review_released':
      return { ...state, cleared_for_debit: true };
    case 'held_for_review':
      return moved(state, 'firewall_review', { review_id: event.data.review_id });
    case 'screening_rejected':
      return moved(state, 'screening_rejected');
    case 'funds_held':
      return moved(state, 'compliance_dispatch_pending');
    case 'debit_refused':
      return moved(state, 'insufficient_funds');
    case 'debit_postponed':
      return moved(state, 'core_unreachable');
    case 'dispatch_started':
      return moved(state, 'compliance_dispatching');
    case 'handed_to_rail':
      return moved(state, 'rail_submitted');
    case 'handed_to_operator':
      return moved(state, 'manual_dispatch');
    case 'rail_confirmed':
      return moved(state, 'completed', { bank_reference: event.data.bank_reference });
    case 'rail_rejected':
      return moved(state, 'rail_rejected');
    case 'manual_confirmed':
      return moved(state, 'completed');
    case 'manual_rejected':
      return moved(state, 'manual_rejected');
    case 'review_rejected':
      return moved(state, 'review_rejected');
    default: {
      const unknown: never = event;
      throw new Error(`unknown payout event ${JSON.stringify(unknown)}`);
    }
  }
}

function moved(
  state: PayoutState,
  status_code: StatusCode,
  details: Partial<Pick<PayoutRecord, 'review_id' | 'bank_reference'>> = {},
): PayoutState {
  return {
    payout: { ...state.payout, ...details, ...flagsOf(status_code) },
    cleared_for_debit: false,
  };
}

/** What a payout's next due step does; null: it waits for an operator, or it is final. */
export type DueStep = 'screen' | 'debit' | 'start_dispatch' | 'dispatch' | 'poll_rail';

/**
 * The steps a payout takes by itself, one per step interval (SANDBOX_STEP_MS): screening is
 * retried while unavailable, the debit while the ledger is unreachable, a queued dispatch is
 * started and then made, and the rail is asked until it answers.
 */
export function dueStepOf(status_code: StatusCode): DueStep | null {
  switch (status_code) {
    case 'compliance_pending':
      return 'screen';
    case 'core_unreachable':
      return 'debit';
    case 'compliance_dispatch_pending':
      return 'start_dispatch';
    case 'compliance_dispatching':
      return 'dispatch';
    case 'rail_submitted':
      return 'poll_rail';
    case 'firewall_review':
    case 'manual_dispatch':
    case 'completed':
    case 'rail_rejected':
    case 'manual_rejected':
    case 'screening_rejected':
    case 'review_rejected':
    case 'insufficient_funds':
      return null;
    default: {
      const unknown: never = status_code;
      throw new Error(`unknown status code ${String(unknown)}`);
    }
  }
}
