import { DomainError, type ConfirmedPayin } from '@platform/contracts';
import { Money, type MoneyUnit } from '@platform/money';
import { findCorridor } from './corridors';
import type { Payin } from './payin';

/**
 * The two-person confirmation of a collection no rail reports (spec §4, EC/USD bank transfers):
 * one operator of the account records the receipt, a different one approves (the payin is
 * credited) or cancels it (the payin fails). Operators are the account's members with role
 * owner or operator; an API key acts as the account's owner.
 */
export type ConfirmationDecision = 'approved' | 'cancelled';

export interface PayinConfirmation {
  payin_id: string;
  account_id: string;
  received_by: string;
  received_amount: string;
  bank_reference: string;
  received_at: Date;
  decision: ConfirmationDecision | null;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface Receipt {
  amount: Money;
  bank_reference: string;
  /** The beneficiary account the bank statement names, when the operator gives it. */
  account_id: string | null;
}

/** `{amount, bank_reference, account_id?}` of `confirm-received`. */
export function readReceipt(body: Record<string, unknown>, payin: Payin): Receipt {
  const bank_reference = body.bank_reference;
  if (typeof bank_reference !== 'string' || !/^\S.{0,79}$/.test(bank_reference.trim()))
    throw new DomainError('invalid_request', 'bank_reference must be 1 to 80 characters');
  const account_id = body.account_id;
  if (account_id !== undefined && typeof account_id !== 'string')
    throw new DomainError('invalid_request', 'account_id must be a string');
  return {
    amount: Money.parseInput(payin.currency as MoneyUnit, body.amount),
    bank_reference: bank_reference.trim(),
    account_id: account_id ?? null,
  };
}

/** Only payins of a manually confirmed corridor take confirmations. */
export function assertManuallyConfirmed(payin: Payin): void {
  const corridor =
    payin.kind === 'payin' && payin.method === 'bank_transfer'
      ? findCorridor('bank_transfer', payin.country ?? '', payin.currency)
      : undefined;
  if (!corridor?.manual_confirmation)
    throw new DomainError('method_unavailable', 'this payin is not confirmed by operators');
}

/** Whether a receipt is new (`record`) or repeats the one already recorded (`replay`). */
export function checkReceipt(
  payin: Payin,
  receipt: Receipt,
  existing: PayinConfirmation | null,
): 'record' | 'replay' {
  if (receipt.account_id !== null && receipt.account_id !== payin.account_id)
    throw new DomainError('confirm_account_mismatch', 'the receipt names another account');
  if (!receipt.amount.eq(Money.parse(payin.currency as MoneyUnit, payin.local_amount)))
    throw new DomainError(
      'confirm_account_mismatch',
      `the amount received does not match the payin's ${payin.local_amount} ${payin.currency}`,
    );
  if (existing) {
    const same =
      existing.bank_reference === receipt.bank_reference &&
      Money.parse(payin.currency as MoneyUnit, existing.received_amount).eq(receipt.amount);
    if (!same)
      throw new DomainError(
        'confirm_request_conflict',
        'a different receipt was already recorded for this payin',
      );
    return 'replay';
  }
  if (payin.status !== 'pending')
    throw new DomainError('confirm_request_conflict', `the payin is already ${payin.status}`);
  return 'record';
}

/** Whether `operator` may take `decision` now (`decide`), or already took it (`replay`). */
export function checkDecision(
  payin: Payin,
  confirmation: PayinConfirmation | null,
  operator: string,
  decision: ConfirmationDecision,
): 'decide' | 'replay' {
  if (!confirmation)
    throw new DomainError(
      'confirm_request_conflict',
      'no receipt was recorded yet: confirm-received comes first',
    );
  if (confirmation.decision !== null) {
    if (confirmation.decision === decision && confirmation.decided_by === operator) return 'replay';
    throw new DomainError(
      'confirm_request_conflict',
      `the confirmation was already ${confirmation.decision}`,
    );
  }
  if (confirmation.received_by === operator)
    throw new DomainError(
      'confirm_request_conflict',
      'a different operator than the one who recorded the receipt must decide',
    );
  if (payin.status !== 'pending')
    throw new DomainError('confirm_request_conflict', `the payin is already ${payin.status}`);
  return 'decide';
}

/** The failure a cancelled confirmation leaves on its payin. */
export const CONFIRMATION_CANCELLED = {
  origin: 'core' as const,
  code: 'confirmation_cancelled',
  message: 'the operators cancelled the confirmation of this payment',
};

/** What the confirmation routes answer beside the payin. */
export function confirmationView(confirmation: PayinConfirmation): ConfirmedPayin['confirmation'] {
  return {
    received_by: confirmation.received_by,
    received_amount: confirmation.received_amount,
    bank_reference: confirmation.bank_reference,
    received_at: confirmation.received_at.toISOString(),
    decision: confirmation.decision,
    decided_by: confirmation.decided_by,
    decided_at: confirmation.decided_at?.toISOString() ?? null,
  };
}
