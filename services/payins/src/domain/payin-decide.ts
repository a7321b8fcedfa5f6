import type { ErrorCode } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { settleAt } from './business-days';
import { requireOpenLink, unassignedReason } from './checkout-link';
import type { StoredPayinMethod } from './corridors';
import type { Payin, PayinFailure } from './payin';
import {
  PayinTransitionRefused,
  type CreditTerms,
  type PayinCommand,
  type PayinCommandType,
  type PayinEvent,
} from './payin-events';
import { storedMoney } from './stored-amounts';

/**
 * Methods whose payer can be paid back. A QR push and a checkout link carry no payer account
 * to return funds to: they answer `refund_not_supported`.
 */
const REFUNDABLE_METHODS: readonly StoredPayinMethod[] = ['bank_transfer', 'fintoc', 'card'];

/** A collection worth less than the smallest unit of the credit asset cannot be credited. */
export const AMOUNT_TOO_SMALL: PayinFailure = {
  origin: 'core',
  code: 'amount_too_small',
  message: 'the amount is worth less than the smallest unit of the credit asset',
};

/**
 * The payin's rules (spec §3): what a command does to it, as events, or a typed refusal
 * (`PayinTransitionRefused`). Pending is the only state a collection leaves by payment,
 * failure or expiry; a credited payin only settles, names its saved card and is refunded.
 * A command that finds its work already done decides nothing (`[]`): callers may repeat one.
 */
export function decide(payin: Payin, command: PayinCommand): PayinEvent[] {
  switch (command.type) {
    case 'receive_payment':
      return receivePayment(payin, command.at, command.credit);
    case 'record_saved_card':
      if (!savesCard(payin)) return [];
      return [{ type: 'card_saved', data: { ...command } }];
    case 'fail_collection':
      requirePending(payin, command.type);
      return [{ type: 'collection_failed', data: { failure: command.failure } }];
    case 'expire':
      requirePending(payin, command.type);
      if (!expiryDue(payin, command.at))
        refuse(payin, command.type, 'confirm_request_conflict', 'the payin has not expired yet');
      return [{ type: 'expired' }];
    case 'stop_stepping':
      requirePending(payin, command.type);
      return payin.next_step_at === null ? [] : [{ type: 'stepping_stopped' }];
    case 'submit_card_page':
      return submitCardPage(payin, command.at);
    case 'release_settlement':
      if (payin.status !== 'credited')
        refuse(payin, command.type, 'payin_not_credited', 'the payin has not been paid yet');
      return payin.settlement_pending ? [{ type: 'settled', data: { at: command.at } }] : [];
    case 'pay_link':
      requireMethod(payin, 'checkout', command.type);
      requireOpenLink(payin, command.at);
      return [
        {
          type: 'link_paid',
          data: { at: command.at, credit: command.credit, paid_with: command.attempt },
        },
      ];
    case 'match_to_link': {
      if (payin.kind !== 'checkout_attempt')
        refuse(payin, command.type, 'method_unavailable', 'only a checkout attempt pays a link');
      requirePending(payin, command.type);
      const match_reason = unassignedReason(command.link, command.at);
      return match_reason === null
        ? [{ type: 'attempt_matched' }]
        : [{ type: 'unassigned', data: { match_reason } }];
    }
    case 'refund':
      return refund(payin, command.requested_amount);
    default: {
      const unknown: never = command;
      throw new Error(`unknown payin command ${JSON.stringify(unknown)}`);
    }
  }
}

/** A pending collection's rail step is due (the rail reports its outcome now). */
export function stepDue(payin: Payin, now: Date): boolean {
  return payin.status === 'pending' && payin.next_step_at !== null && payin.next_step_at <= now;
}

/** A pending collection is past its expiry. */
export function expiryDue(payin: Payin, now: Date): boolean {
  return payin.status === 'pending' && payin.expires_at <= now;
}

/** A paid card payin created with `save_card: true` stores its card once (spec §4 stored cards). */
export function savesCard(payin: Payin): boolean {
  return (
    payin.kind === 'payin' &&
    payin.method === 'card' &&
    payin.status === 'credited' &&
    payin.save_card &&
    payin.instrument_id === null
  );
}

/**
 * A paid collection is credited, unless it is worth nothing in the credit asset (it fails) or
 * it is a card payment with delayed settlement (credited later, at `settle_at`).
 */
function receivePayment(payin: Payin, at: Date, credit: CreditTerms): PayinEvent[] {
  if (payin.kind !== 'payin' || payin.method === 'checkout')
    refuse(
      payin,
      'receive_payment',
      'method_unavailable',
      'a checkout link is paid by its methods',
    );
  requirePending(payin, 'receive_payment');
  if (credit.credited.isZero())
    return [{ type: 'collection_failed', data: { failure: AMOUNT_TOO_SMALL } }];
  if (payin.method === 'card' && payin.settlement_hours > 0)
    return [
      {
        type: 'settlement_scheduled',
        data: { credit, settle_at: settleAt(at, payin.settlement_hours) },
      },
    ];
  return [{ type: 'payment_received', data: { at, credit } }];
}

/**
 * The hosted card page was submitted: an expired session refuses it; a payment the rail will
 * report (sandbox `pay` or `fail`) is stepped now; anything else changes nothing.
 */
function submitCardPage(payin: Payin, at: Date): PayinEvent[] {
  requireMethod(payin, 'card', 'submit_card_page');
  if (payin.status !== 'pending') return [];
  if (payin.expires_at <= at)
    refuse(payin, 'submit_card_page', 'checkout_expired', 'this card session has expired');
  const reported = payin.outcome === 'pay' || payin.outcome === 'fail';
  return reported ? [{ type: 'step_scheduled', data: { at } }] : [];
}

/**
 * Refunds debit the balance the payin credited, in the asset it credited: the whole remainder
 * by default, never more than it.
 */
function refund(payin: Payin, requested_amount: unknown): PayinEvent[] {
  if (!REFUNDABLE_METHODS.includes(payin.method))
    refuse(payin, 'refund', 'refund_not_supported', `${payin.method} payins cannot be refunded`);
  if (payin.settlement_pending)
    refuse(
      payin,
      'refund',
      'settlement_pending',
      'the payin is scheduled for settlement; refund it once settled',
    );
  if (payin.status !== 'credited' || !payin.credit_asset || !payin.credited_amount)
    refuse(payin, 'refund', 'payin_not_refundable', `a ${payin.status} payin cannot be refunded`);
  const asset = payin.credit_asset as Asset;
  const refunded = storedMoney(asset, payin.refunded_amount);
  const remaining = storedMoney(asset, payin.credited_amount).subtract(refunded);
  if (!remaining.isPositive())
    refuse(payin, 'refund', 'payin_not_refundable', 'the payin is already fully refunded');
  const amount =
    requested_amount === undefined ? remaining : Money.parseInput(asset, requested_amount);
  if (amount.gt(remaining))
    refuse(
      payin,
      'refund',
      'refund_exceeds_payin',
      `at most ${remaining.toString()} ${asset} of this payin can be refunded`,
    );
  return [{ type: 'refunded', data: { amount, refunded_total: refunded.add(amount) } }];
}

function requirePending(payin: Payin, command: PayinCommandType): void {
  if (payin.status !== 'pending')
    refuse(payin, command, 'confirm_request_conflict', `the payin is already ${payin.status}`);
}

function requireMethod(payin: Payin, method: StoredPayinMethod, command: PayinCommandType): void {
  if (payin.method !== method)
    refuse(payin, command, 'method_unavailable', `a ${payin.method} payin cannot do this`);
}

function refuse(payin: Payin, command: PayinCommandType, code: ErrorCode, message: string): never {
  throw new PayinTransitionRefused(code, message, payin.status, command);
}
