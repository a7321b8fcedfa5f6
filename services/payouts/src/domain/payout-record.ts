import type {
  PayoutBeneficiary,
  PayoutResource,
  PayoutSource,
  PayoutStatusChanged,
} from '@platform/contracts';
import type { Asset } from '@platform/money';
import type { DispatchMode } from './corridors';
import { receiptAvailable, type PayoutFlags } from './payout-status';

/** A payout as the service keeps it. Amounts are decimal strings at their unit's precision. */
export interface PayoutRecord extends PayoutFlags {
  payout_id: string;
  account_id: string;
  org_id: string;
  idempotency_key: string;
  country: string;
  currency: string;
  method: string;
  local_amount: string;
  beneficiary: PayoutBeneficiary;
  destination: string;
  purpose: string | null;
  purpose_detail: string | null;
  document_id: string | null;
  dispatch: DispatchMode;
  source: PayoutSource;
  settlement_asset: Asset;
  total_debit: string;
  fee: string;
  usdt_amount: string;
  usd_value: string;
  rate: string;
  rate_source: string;
  review_id: string | null;
  bank_reference: string;
  uetr: string | null;
  imad: string | null;
  created_at: string;
  updated_at: string;
}

/** Shows the last four characters of an account identifier only. */
export function maskAccount(value: string | undefined): string | null {
  if (!value) return null;
  const visible = value.slice(-4);
  return `${'•'.repeat(Math.min(8, Math.max(value.length - 4, 2)))}${visible}`;
}

export function receiptUrlOf(
  record: Pick<PayoutRecord, 'payout_id' | 'status_code'>,
): string | null {
  return receiptAvailable(record.status_code) ? `/v1/payouts/${record.payout_id}/receipt` : null;
}

/** The payout resource of the public API (spec §2 payout fields). */
export function publicPayout(record: PayoutRecord): PayoutResource {
  const { beneficiary } = record;
  return {
    payout_id: record.payout_id,
    account_id: record.account_id,
    country: record.country,
    currency: record.currency,
    method: record.method,
    local_amount: record.local_amount,
    usdt_amount: record.usdt_amount,
    total_debit: record.total_debit,
    fee: record.fee,
    settlement_asset: record.settlement_asset,
    rate: record.rate,
    rate_source: record.rate_source,
    status: record.status,
    status_code: record.status_code,
    status_message: record.status_message,
    funds_debited: record.funds_debited,
    predebit_failure: record.predebit_failure,
    compliance_pending: record.compliance_pending,
    receipt_url: receiptUrlOf(record),
    review_id: record.review_id,
    idempotency_key: record.idempotency_key,
    bank_reference: record.bank_reference,
    uetr: record.uetr,
    imad: record.imad,
    beneficiary: {
      name: beneficiary.name ?? null,
      account_number: maskAccount(beneficiary.account_number ?? beneficiary.phone),
      ...(beneficiary.bank_code ? { bank_code: beneficiary.bank_code } : {}),
    },
    purpose: record.purpose,
    purpose_detail: record.purpose_detail,
    document_id: record.document_id,
    source: record.source,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** `payouts.payout_status_changed` data: the public event payload plus the contract's fields. */
export function statusChangedData(record: PayoutRecord): PayoutStatusChanged {
  return {
    payout_id: record.payout_id,
    account_id: record.account_id,
    country: record.country,
    currency: record.currency,
    local_amount: record.local_amount,
    usdt_amount: record.usdt_amount,
    total_debit: record.total_debit,
    status: record.status,
    status_code: record.status_code,
    status_message: record.status_message,
    funds_debited: record.funds_debited,
    predebit_failure: record.predebit_failure,
    compliance_pending: record.compliance_pending,
    receipt_url: receiptUrlOf(record),
    settlement_asset: record.settlement_asset,
    idempotency_key: record.idempotency_key,
    ...(record.beneficiary.tax_id ? { beneficiary_tax_id: record.beneficiary.tax_id } : {}),
  };
}
