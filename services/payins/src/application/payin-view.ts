import type { PayinView } from '@platform/contracts';
import { isMoneyUnit } from '@platform/money';
import { clientKeyOf, receiptUrlOf, type Payin } from '../domain/payin';
import { moneyText, storedMoney } from '../domain/stored-amounts';

export type RefundStatus = PayinView['refund_status'];

/** Conversion of a checkout link's payment into its settlement asset (spec §3). */
export type ConversionStatus = NonNullable<PayinView['conversion_status']>;

export function refundStatusOf(payin: Payin): RefundStatus {
  const asset = payin.credit_asset;
  if (!asset || !isMoneyUnit(asset) || payin.credited_amount === null) return 'none';
  const refunded = storedMoney(asset, payin.refunded_amount);
  if (refunded.isZero()) return 'none';
  return refunded.gte(storedMoney(asset, payin.credited_amount)) ? 'refunded' : 'partial';
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
    idempotency_key: clientKeyOf(payin),
    instrument_id: payin.instrument_id,
    instrument: payin.instrument,
    deposit_account_id: payin.deposit_account_id,
    payer: payin.payer,
    receipt_url: receiptUrlOf(payin),
    created_at: payin.created_at.toISOString(),
  };
}
