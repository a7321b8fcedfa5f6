import { Money, isMoneyUnit } from '@platform/money';
import { receiptUrlOf, type Payin } from '../domain/payin';

export type RefundStatus = 'none' | 'partial' | 'refunded';

/** Conversion of a checkout link's payment into its settlement asset (spec §3). */
export type ConversionStatus = 'pending' | 'not_required' | 'completed';

/** The public form of a payin (spec §2 fields), as `GET /v1/payins/{id}` answers it. */
export interface PayinView {
  payin_id: string;
  account_id: string;
  method: string;
  status: string;
  country: string | null;
  currency: string;
  local_amount: string;
  amount: string;
  reference: string;
  glosa: string | null;
  customer: Record<string, string> | null;
  instructions: Record<string, unknown> | null;
  payment_url: string | null;
  checkout_url: string | null;
  success_url: string | null;
  failure_url: string | null;
  expires_at: string;
  settlement_asset: string | null;
  conversion_status: ConversionStatus | null;
  credit_asset: string | null;
  fx_rate: string | null;
  usdt_credited: string | null;
  fee: string | null;
  fiat_hold_local: boolean;
  settlement_hours: number | null;
  settlement_pending: boolean;
  settle_at: string | null;
  settled_at: string | null;
  credited_at: string | null;
  failure: Payin['failure'];
  match_reason: string | null;
  refunded_amount: string | null;
  refund_status: RefundStatus;
  rate_source: 'spot' | null;
  idempotency_key: string | null;
  instrument_id: string | null;
  instrument: Payin['instrument'];
  deposit_account_id: string | null;
  payer: Payin['payer'];
  receipt_url: string | null;
  created_at: string;
}

/** The wire form of a numeric column: the unit's precision ("50" USD is "50.00"). */
export function moneyText(unit: string | null, value: string | null): string | null {
  if (value === null) return null;
  return unit && isMoneyUnit(unit) ? Money.parseSigned(unit, normalize(value)).toString() : value;
}

/** numeric::text may carry more zeros than the unit allows; they are not significant. */
function normalize(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') || '0' : value;
}

export function refundStatusOf(payin: Payin): RefundStatus {
  const asset = payin.credit_asset;
  if (!asset || !isMoneyUnit(asset) || payin.credited_amount === null) return 'none';
  const refunded = Money.parseSigned(asset, normalize(payin.refunded_amount));
  if (refunded.isZero()) return 'none';
  return refunded.gte(Money.parseSigned(asset, normalize(payin.credited_amount)))
    ? 'refunded'
    : 'partial';
}

export function conversionStatusOf(payin: Payin, paid_currency: string | null): ConversionStatus {
  if (payin.status !== 'credited') return 'pending';
  return paid_currency === payin.settlement_asset ? 'not_required' : 'completed';
}

export function payinView(payin: Payin, paid_currency: string | null = null): PayinView {
  const local_amount = moneyText(payin.currency, payin.local_amount) ?? payin.local_amount;
  return {
    payin_id: payin.payin_id,
    account_id: payin.account_id,
    method: payin.method,
    status: payin.status,
    country: payin.country,
    currency: payin.currency,
    local_amount,
    amount: local_amount,
    reference: payin.reference,
    glosa: payin.glosa,
    customer: payin.customer,
    instructions: payin.instructions,
    payment_url: payin.payment_url,
    checkout_url: payin.checkout_url,
    success_url: payin.success_url,
    failure_url: payin.failure_url,
    expires_at: payin.expires_at.toISOString(),
    settlement_asset: payin.settlement_asset,
    conversion_status:
      payin.method === 'checkout' ? conversionStatusOf(payin, paid_currency) : null,
    credit_asset: payin.credit_asset,
    fx_rate: payin.fx_rate,
    usdt_credited: moneyText(payin.credit_asset, payin.credited_amount),
    fee: moneyText(payin.credit_asset, payin.fee),
    fiat_hold_local: payin.fiat_hold_local,
    settlement_hours: payin.method === 'card' ? payin.settlement_hours : null,
    settlement_pending: payin.settlement_pending,
    settle_at: payin.settle_at?.toISOString() ?? null,
    settled_at: payin.settled_at?.toISOString() ?? null,
    credited_at: payin.credited_at?.toISOString() ?? null,
    failure: payin.failure,
    match_reason: payin.match_reason,
    refunded_amount: payin.credit_asset
      ? moneyText(payin.credit_asset, payin.refunded_amount)
      : null,
    refund_status: refundStatusOf(payin),
    rate_source: payin.fx_rate ? 'spot' : null,
    idempotency_key: payin.idempotency_key,
    instrument_id: payin.instrument_id,
    instrument: payin.instrument,
    deposit_account_id: payin.deposit_account_id,
    payer: payin.payer,
    receipt_url: receiptUrlOf(payin),
    created_at: payin.created_at.toISOString(),
  };
}
