import {
  IdempotencyKey,
  PAYIN_STATUSES,
  type DepositPayer,
  type PayinCredited,
  type PayinExpired,
  type PayinFailure,
  type PayinInstructions,
  type PayinInstrument,
  type PayinRefunded,
  type PayinSettlementScheduled,
} from '@platform/contracts';
import type { StoredPayinMethod } from './corridors';
import type { SandboxOutcome } from './sandbox-outcome';

export { PAYIN_STATUSES };
export type PayinStatus = (typeof PAYIN_STATUSES)[number];

export type PayinKind = 'payin' | 'checkout_attempt';
export type CollectionOutcome = Exclude<SandboxOutcome, 'reject_at_create'> | 'manual';

export type { DepositPayer, PayinFailure, PayinInstrument };

/** A payin as stored. Amounts are decimal strings. */
export interface Payin {
  payin_id: string;
  account_id: string;
  org_id: string;
  kind: PayinKind;
  method: StoredPayinMethod;
  status: PayinStatus;
  country: string | null;
  currency: string;
  local_amount: string;
  idempotency_key: string | null;
  reference: string;
  glosa: string | null;
  customer: { name?: string; email?: string } | null;
  instructions: PayinInstructions | null;
  token: string | null;
  payment_url: string | null;
  checkout_url: string | null;
  success_url: string | null;
  failure_url: string | null;
  expires_at: Date;
  outcome: CollectionOutcome;
  next_step_at: Date | null;
  fiat_hold_local: boolean;
  settlement_hours: number;
  save_card: boolean;
  settlement_asset: string | null;
  checkout_payin_id: string | null;
  paid_attempt_id: string | null;
  credit_asset: string | null;
  fx_rate: string | null;
  credited_amount: string | null;
  fee: string | null;
  settlement_pending: boolean;
  settle_at: Date | null;
  settled_at: Date | null;
  credited_at: Date | null;
  failure: PayinFailure | null;
  match_reason: string | null;
  refunded_amount: string;
  /** The stored card a payin saved (`save_card`) or was charged to. */
  instrument_id: string | null;
  /** What the payin shows of that card (spec §2 `instrument`). */
  instrument: PayinInstrument | null;
  /** The dedicated deposit account a deposit arrived through. */
  deposit_account_id: string | null;
  /** Who the rail says paid a deposit (as the sending bank reports them). */
  payer: DepositPayer | null;
  created_at: Date;
  updated_at: Date;
}

/** `GET /v1/payins/{id}/receipt` exists for a client's payin once its money was received. */
export function receiptAvailable(payin: Payin): boolean {
  return payin.kind === 'payin' && payin.status === 'credited';
}

export function receiptUrlOf(payin: Payin): string | null {
  return receiptAvailable(payin) ? `/v1/payins/${payin.payin_id}/receipt` : null;
}

/** The sandbox failure of a `.99` collection: the payer's bank declined it. */
export const SANDBOX_COLLECTION_FAILURE: PayinFailure = {
  origin: 'provider',
  code: 'collection_declined',
  message: 'the payer institution declined the collection',
};

/** The client's key only: a key the platform made (a subscription's charge) stays inside. */
export function clientKeyOf(payin: Pick<Payin, 'idempotency_key'>): string | null {
  const key = payin.idempotency_key;
  return key && !IdempotencyKey.isPlatform(key) ? key : null;
}

function withKey<T extends object>(data: T, payin: Payin): T & { idempotency_key?: string } {
  const key = clientKeyOf(payin);
  return key ? { ...data, idempotency_key: key } : data;
}

/** `payins.payin_credited` once the credit is in the ledger. */
export function creditedEvent(
  payin: Payin,
  paid_with?: { currency: string; local_amount: string; country: string | null },
): PayinCredited {
  const data: PayinCredited = {
    payin_id: payin.payin_id,
    account_id: payin.account_id,
    country: paid_with?.country ?? payin.country,
    currency: paid_with?.currency ?? payin.currency,
    local_amount: paid_with?.local_amount ?? payin.local_amount,
    fx_rate: required(payin.fx_rate, 'fx_rate'),
    usdt_credited: required(payin.credited_amount, 'credited_amount'),
    fee: payin.fee ?? '0',
    payer_tax_id: payin.payer?.tax_id || null,
  };
  if (payin.fiat_hold_local) {
    data.credit_asset = required(
      payin.credit_asset,
      'credit_asset',
    ) as PayinCredited['credit_asset'];
    data.fiat_credited = required(payin.credited_amount, 'credited_amount');
  }
  return withKey(data, payin);
}

/** `payins.payin_settlement_scheduled`: a card payment confirmed with delayed settlement. */
export function settlementScheduledEvent(payin: Payin): PayinSettlementScheduled {
  const net = required(payin.credited_amount, 'credited_amount');
  const fee = payin.fee ?? '0';
  return withKey(
    {
      payin_id: payin.payin_id,
      account_id: payin.account_id,
      status: 'credited' as const,
      usdt_gross: net,
      fee,
      usdt_net: net,
      settle_at: required(payin.settle_at, 'settle_at').toISOString(),
      receipt_url: receiptUrlOf(payin),
    },
    payin,
  );
}

/** `payins.payin_expired`, for an expired or a failed collection. */
export function expiredEvent(payin: Payin): PayinExpired {
  if (payin.status !== 'expired' && payin.status !== 'failed')
    throw new Error(`payin ${payin.payin_id} is ${payin.status}, not expired or failed`);
  const data: PayinExpired = {
    payin_id: payin.payin_id,
    account_id: payin.account_id,
    status: payin.status,
    country: payin.country,
    currency: payin.currency,
    local_amount: payin.local_amount,
    reference: payin.reference,
  };
  if (payin.failure) data.failure = payin.failure;
  return withKey(data, payin);
}

export function refundedEvent(payin: Payin, debited_amount: string): PayinRefunded {
  return withKey(
    {
      payin_id: payin.payin_id,
      account_id: payin.account_id,
      debited_asset: required(payin.credit_asset, 'credit_asset') as PayinRefunded['debited_asset'],
      debited_amount,
    },
    payin,
  );
}

function required<T>(value: T | null, field: string): T {
  if (value === null) throw new Error(`payin has no ${field} yet`);
  return value;
}
