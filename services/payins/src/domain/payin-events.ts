import { DomainError, type ErrorCode } from '@platform/contracts';
import type { Asset, Money } from '@platform/money';
import type { PayinCredit } from './conversion';
import type { Payin, PayinFailure, PayinInstrument, PayinStatus } from './payin';

/** What a payment credits: the asset, the rate and the net amount and fee (see conversion.ts). */
export type CreditTerms = Pick<PayinCredit, 'credit_asset' | 'credited' | 'fee' | 'fx_rate'>;

/** What a checkout link was paid with: the attempt that paid it, as its event tells it. */
export type PaidWith = Pick<Payin, 'payin_id' | 'currency' | 'local_amount' | 'country'>;

/** Why a payment reached no payin (spec §3 `unassigned`). */
export type MatchReason = 'checkout_link_expired' | 'checkout_already_paid';

/**
 * What can happen to a payin after it is created (spec §3), as the rail, the worker, operators,
 * payers and clients ask for it. `decide` answers each with the events it causes, or refuses it.
 */
export type PayinCommand =
  /** The rail (or the operators) report the money arrived; the application priced it. */
  | { type: 'receive_payment'; at: Date; credit: CreditTerms }
  /** The paid card payin's card was stored (`save_card`): the payin names it. */
  | { type: 'record_saved_card'; instrument_id: string; instrument: PayinInstrument }
  /** The rail (or the operators) report the collection failed. */
  | { type: 'fail_collection'; failure: PayinFailure }
  /** The collection stayed unpaid past `expires_at`. */
  | { type: 'expire'; at: Date }
  /** The rail reports nothing by itself (never paid, or an operator confirms): stop asking it. */
  | { type: 'stop_stepping' }
  /** The payer submitted the hosted card page: the rail reports the charge at its next step. */
  | { type: 'submit_card_page'; at: Date }
  /** A scheduled card settlement is due, or an organization admin releases it early. */
  | { type: 'release_settlement'; at: Date }
  /** A checkout link is paid by `attempt`, credited in the link's settlement asset. */
  | { type: 'pay_link'; at: Date; credit: CreditTerms; attempt: PaidWith }
  /** A payer's method on a checkout link was paid: it pays `link`, or is kept as unassigned. */
  | { type: 'match_to_link'; link: Payin; at: Date }
  /** The client refunds the payer: `requested_amount` in the credited asset, all when absent. */
  | { type: 'refund'; requested_amount: unknown };

export type PayinCommandType = PayinCommand['type'];

/** What happened to a payin; `evolve` applies each, in order. */
export type PayinEvent =
  | { type: 'payment_received'; data: { at: Date; credit: CreditTerms } }
  | { type: 'settlement_scheduled'; data: { credit: CreditTerms; settle_at: Date } }
  | { type: 'settled'; data: { at: Date } }
  | { type: 'card_saved'; data: { instrument_id: string; instrument: PayinInstrument } }
  | { type: 'link_paid'; data: { at: Date; credit: CreditTerms; paid_with: PaidWith } }
  | { type: 'attempt_matched' }
  | { type: 'unassigned'; data: { match_reason: MatchReason } }
  | { type: 'collection_failed'; data: { failure: PayinFailure } }
  | { type: 'expired' }
  | { type: 'step_scheduled'; data: { at: Date } }
  | { type: 'stepping_stopped' }
  | { type: 'refunded'; data: { amount: Money<Asset>; refunded_total: Money<Asset> } };

export type PayinEventType = PayinEvent['type'];

/**
 * A command the payin's state does not allow. `code` is the spec's answer to whoever asked
 * (`payin_not_credited`, `already_paid`...); `status` and `command` say which rule refused it.
 */
export class PayinTransitionRefused extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly status: PayinStatus,
    readonly command: PayinCommandType,
  ) {
    super(code, message);
    this.name = 'PayinTransitionRefused';
  }
}
