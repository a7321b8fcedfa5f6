import { z } from 'zod';
import { ASSET_CODES } from '../assets';

/**
 * What the payouts service's commands answer. Decimal strings for money (never numbers). The
 * gateway documents its payout responses from these schemas.
 */
const decimal = z.string().describe('decimal string');
const instant = z.string().describe('ISO 8601 UTC timestamp');
const usdAmount = z.string().describe('decimal string, USD');

export const PAYOUT_STATUSES = [
  'pending',
  'in_review',
  'processing',
  'completed',
  'failed',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Every `status_code` of spec §3; the payouts domain gives each its status and message. */
export const PAYOUT_STATUS_CODES = [
  'compliance_pending',
  'compliance_dispatch_pending',
  'compliance_dispatching',
  'core_unreachable',
  'firewall_review',
  'rail_submitted',
  'manual_dispatch',
  'completed',
  'rail_rejected',
  'manual_rejected',
  'screening_rejected',
  'review_rejected',
  'insufficient_funds',
] as const;
export type PayoutStatusCode = (typeof PAYOUT_STATUS_CODES)[number];

/** `api` or `qr`: how the payout was created. */
export const PAYOUT_SOURCES = ['api', 'qr'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

/** The payout resource of the public API (spec §2 payout fields). */
export const payoutResource = z.object({
  payout_id: z.string(),
  account_id: z.string(),
  country: z.string(),
  currency: z.string(),
  method: z.string(),
  local_amount: decimal.describe('decimal string, in `currency`'),
  usdt_amount: decimal.describe("decimal string: the payout's USDT value"),
  total_debit: decimal.describe('decimal string, in `settlement_asset`, fee included'),
  fee: decimal.describe('decimal string, in `settlement_asset`'),
  settlement_asset: z.enum(ASSET_CODES),
  rate: decimal.describe('`currency` units per unit of the settlement asset'),
  rate_source: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  status_code: z.enum(PAYOUT_STATUS_CODES),
  status_message: z.string(),
  funds_debited: z.boolean(),
  predebit_failure: z.boolean(),
  compliance_pending: z.boolean(),
  receipt_url: z.string().nullable(),
  review_id: z.string().nullable(),
  idempotency_key: z.string(),
  bank_reference: z.string(),
  uetr: z.string().nullable(),
  imad: z.string().nullable(),
  beneficiary: z.object({
    name: z.string().nullable(),
    account_number: z.string().nullable().describe('masked to its last four characters'),
    bank_code: z.string().optional(),
  }),
  purpose: z.string().nullable(),
  purpose_detail: z.string().nullable(),
  document_id: z.string().nullable(),
  source: z.enum(PAYOUT_SOURCES),
  created_at: instant,
  updated_at: instant,
});
export type PayoutResource = z.infer<typeof payoutResource>;

/**
 * `payouts.create_payout` and `payouts.confirm_qr`: the payout, and whether this request was a
 * replay of an earlier one with the same idempotency key (then `payout` is the body the first
 * request answered, unchanged).
 */
export const payoutCreatedReply = z.object({
  payout: payoutResource,
  replayed: z.boolean(),
});
export type PayoutCreatedReply = z.infer<typeof payoutCreatedReply>;

/** `payouts.list_payouts`: newest first. */
export const payoutListReply = z.object({ payouts: z.array(payoutResource) });

/** `payouts.get_receipt`: the receipt PDF, base64 encoded. */
export const payoutReceiptReply = z.object({ filename: z.string(), pdf_base64: z.string() });

/** `payouts.upload_document`: the stored supporting document, without its content. */
export const payoutDocument = z.object({
  document_id: z.string(),
  account_id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created_at: instant,
});
export type PayoutDocument = z.infer<typeof payoutDocument>;

/** `payouts.scan_qr`: what a payout QR describes; nothing is debited. */
export const scannedQrReply = z.object({
  country: z.string(),
  currency: z.string(),
  method: z.string(),
  beneficiary: z.object({
    name: z.string(),
    account_number: z.string().nullable().describe('masked to its last four characters'),
  }),
  city: z.string().nullable(),
  amount: decimal.nullable().describe('null when the payer chooses the amount'),
  amount_required: z.boolean(),
  reference: z.string().nullable(),
});
export type ScannedQrReply = z.infer<typeof scannedQrReply>;

/** `payouts.set_org_limits`: the organization's money-out limits in USD; null: no limit. */
export const orgLimitsReply = z.object({
  org_id: z.string(),
  min_amount_usd: usdAmount.nullable(),
  max_amount_usd: usdAmount.nullable(),
  daily_amount_usd: usdAmount.nullable(),
});

/** `payouts.set_org_pricing`: the pricing as set, for the organization or one corridor. */
export const orgPricingReply = z.object({
  org_id: z.string(),
  fixed_fee_usd: usdAmount,
  percentage: z.string().describe('decimal string, percent of the USD value'),
  country: z.string().optional(),
  currency: z.string().optional(),
});
