import { z } from 'zod';
import { PLATFORM_LOCALES } from '../locales';
import { transferKey } from './evidence-files';
import { defineCommand } from '../catalog/define';
import { filterDateSchema } from '../filter-dates';
import { seedDemoPayoutCommand, seedDemoPayoutReply } from './demo-history';
import * as replies from './payouts-replies';
import { PAYOUT_STATUSES } from './payouts-replies';

/**
 * The payouts service's commands. The gateway checks only the shape of a request; the payouts
 * service owns every rule (idempotency keys, corridors, amounts, limits), so amounts and the
 * key travel as the client sent them and are judged there with the spec's error codes.
 */
const id = z.string().min(1).max(200);
const text = z.string().max(200);

/** `beneficiary` of D4: the fields a corridor needs, nothing else. */
export const payoutBeneficiaryField = z
  .object({
    name: text.optional(),
    tax_id: text.optional(),
    account_number: text.optional(),
    account_type: text.optional(),
    first_name: text.optional(),
    last_name: text.optional(),
    bank_code: text.optional(),
    phone: text.optional(),
  })
  .strict();
export type PayoutBeneficiary = z.infer<typeof payoutBeneficiaryField>;

export const payoutOptionsField = z
  .object({ destination_retry_ack: z.boolean().optional() })
  .strict();

/** `POST /v1/payouts` (decisions D4). `amount` stays unknown here: the service answers invalid_amount. */
export const createPayoutBody = z
  .object({
    country: z.string().max(8).optional(),
    currency: z.string().max(8).optional(),
    amount: z.unknown().optional(),
    method: z.string().max(40).optional(),
    beneficiary: payoutBeneficiaryField.optional(),
    idempotency_key: z.string().max(10_000).optional(),
    settlement_asset: z.string().max(16).optional(),
    purpose: z.string().max(80).optional(),
    purpose_detail: z.string().max(280).optional(),
    document_id: z.string().max(200).optional(),
    options: payoutOptionsField.optional(),
    contact_id: z
      .string()
      .max(200)
      .optional()
      .describe('a contact whose saved destination fills country, currency, method, beneficiary'),
  })
  .strict();
export type CreatePayoutBody = z.infer<typeof createPayoutBody>;

/** Who acts: the account and its organization. */
const actor = { account_id: id, org_id: id };

/**
 * The one idempotency key of a create, as the gateway chose it (D7: the body's, else the
 * `Idempotency-Key` header's; `idempotencyKeyOf`); null when the client sent none. The service
 * judges it (`IdempotencyKey`) and never looks for another.
 */
const chosenIdempotencyKey = z.string().max(10_000).nullable();

/** What a payout asks for: the body of `POST /v1/payouts` without its key, which travels beside it. */
export const payoutRequest = createPayoutBody.omit({ idempotency_key: true });
export type PayoutRequest = z.infer<typeof payoutRequest>;

/** `payouts.create_payout`. */
export const createPayoutCommand = z
  .object({ ...actor, idempotency_key: chosenIdempotencyKey, request: payoutRequest })
  .strict();
export type CreatePayoutCommand = z.infer<typeof createPayoutCommand>;

/** `payouts.get_payout`: another account's payout is not_found. */
export const getPayoutCommand = z.object({ account_id: id, payout_id: id }).strict();
export type GetPayoutCommand = z.infer<typeof getPayoutCommand>;

const MAX_PAGE_SIZE = 100;
const MAX_EXPORT_ROWS = 10_000;

/** `payouts.list_payouts`: newest first; `from`/`to` are instants the caller computed. */
export const listPayoutsCommand = z
  .object({
    ...actor,
    status: z.enum(PAYOUT_STATUSES).optional(),
    country: z.string().max(8).optional(),
    method: z.string().max(40).optional(),
    search: z.string().max(200).optional(),
    from: filterDateSchema.optional(),
    to: filterDateSchema.optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_EXPORT_ROWS + 1)
      .default(20),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type ListPayoutsCommand = z.infer<typeof listPayoutsCommand>;
export { MAX_PAGE_SIZE as PAYOUTS_MAX_PAGE_SIZE };

/** `payouts.get_receipt`: the receipt PDF, base64 encoded. */
export const getPayoutReceiptCommand = z
  .object({ account_id: id, payout_id: id, locale: z.enum(PLATFORM_LOCALES) })
  .strict();
export type GetPayoutReceiptCommand = z.infer<typeof getPayoutReceiptCommand>;

/** `POST /v1/payouts/documents`: a supporting file as base64 in JSON. */
export const uploadPayoutDocumentBody = z
  .object({
    filename: z.string().min(1).max(200),
    content_type: z.string().min(1).max(100),
    content_base64: z.string().max(14_000_000),
  })
  .strict();
/** The document on the bus: its base64 text waits in the transfer area under `content_key`. */
export const uploadPayoutDocumentCommand = z
  .object({
    account_id: id,
    document: uploadPayoutDocumentBody
      .omit({ content_base64: true })
      .extend({ content_key: transferKey })
      .strict(),
  })
  .strict();
export type UploadPayoutDocumentCommand = z.infer<typeof uploadPayoutDocumentCommand>;

/** `POST /v1/payouts/qr/scan`. */
export const scanPayoutQrBody = z.object({ qr_payload: z.string().max(2000) }).strict();
export const scanPayoutQrCommand = z
  .object({ account_id: id, qr_payload: z.string().max(2000) })
  .strict();
export type ScanPayoutQrCommand = z.infer<typeof scanPayoutQrCommand>;

/** `POST /v1/payouts/qr/confirm`: creates the payout the QR describes, idempotently. */
export const confirmPayoutQrBody = z
  .object({
    qr_payload: z.string().max(2000),
    amount: z.unknown().optional(),
    settlement_asset: z.string().max(16).optional(),
    idempotency_key: z.string().max(10_000).optional(),
    options: payoutOptionsField.optional(),
  })
  .strict();
/** What a QR payment asks for: the confirm body without its key, which travels beside it. */
export const qrPaymentRequest = confirmPayoutQrBody.omit({ idempotency_key: true });
export const confirmPayoutQrCommand = z
  .object({ ...actor, idempotency_key: chosenIdempotencyKey, request: qrPaymentRequest })
  .strict();
export type ConfirmPayoutQrCommand = z.infer<typeof confirmPayoutQrCommand>;

/** Operator commands (admin surface). */
export const operatorPayoutCommand = z
  .object({ payout_id: id, reason: z.string().max(280).optional() })
  .strict();
export type OperatorPayoutCommand = z.infer<typeof operatorPayoutCommand>;

const usdLimit = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'a USD amount')
  .nullable();

/** `payouts.set_org_limits`: money-out limits of one organization, in USD; null turns one off. */
export const setOrgLimitsBody = z
  .object({
    min_amount_usd: usdLimit.default(null),
    max_amount_usd: usdLimit.default(null),
    daily_amount_usd: usdLimit.default(null),
  })
  .strict();
export const setOrgLimitsCommand = z.object({ org_id: id, limits: setOrgLimitsBody }).strict();
export type SetOrgLimitsCommand = z.infer<typeof setOrgLimitsCommand>;

/**
 * `payouts.set_org_pricing`: the payout fee of one organization (decisions D6: zero unless an
 * organization's pricing says otherwise): `fixed_fee_usd` plus `percentage` percent of the
 * payout's USD value, converted to the settlement asset at the rate table and rounded up to the
 * asset's decimals. With `country` and `currency` it prices only that corridor, which then wins
 * over the organization's pricing without a corridor. All zero turns the fee off.
 */
export const setOrgPricingBody = z
  .object({
    fixed_fee_usd: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'a USD amount')
      .default('0'),
    percentage: z
      .string()
      .regex(/^\d{1,2}(\.\d{1,4})?$|^100(\.0{1,4})?$/, 'a percentage from 0 to 100')
      .default('0'),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code')
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
      .optional(),
  })
  .strict()
  .refine((body) => (body.country === undefined) === (body.currency === undefined), {
    message: 'a corridor is country and currency together',
    path: ['country'],
  });
export const setOrgPricingCommand = z.object({ org_id: id, pricing: setOrgPricingBody }).strict();
export type SetOrgPricingCommand = z.infer<typeof setOrgPricingCommand>;

export const PAYOUTS_COMMANDS = {
  create_payout: defineCommand({
    name: 'payouts.create_payout',
    summary: 'screen, price and debit a payout once per idempotency key (POST /v1/payouts)',
    request: createPayoutCommand,
    reply: replies.payoutCreatedReply,
  }),
  get_payout: defineCommand({
    name: 'payouts.get_payout',
    summary: 'one payout of the account',
    request: getPayoutCommand,
    reply: replies.payoutResource,
  }),
  list_payouts: defineCommand({
    name: 'payouts.list_payouts',
    summary: "the account's payouts, newest first, filtered",
    request: listPayoutsCommand,
    reply: replies.payoutListReply,
  }),
  get_receipt: defineCommand({
    name: 'payouts.get_receipt',
    summary: "a payout's receipt PDF in a locale",
    request: getPayoutReceiptCommand,
    reply: replies.payoutReceiptReply,
  }),
  upload_document: defineCommand({
    name: 'payouts.upload_document',
    summary: 'a supporting document for US/USD payouts (POST /v1/payouts/documents)',
    request: uploadPayoutDocumentCommand,
    reply: replies.payoutDocument,
  }),
  scan_qr: defineCommand({
    name: 'payouts.scan_qr',
    summary: 'decode a payout QR without any debit',
    request: scanPayoutQrCommand,
    reply: replies.scannedQrReply,
  }),
  confirm_qr: defineCommand({
    name: 'payouts.confirm_qr',
    summary: 'create the payout a QR describes, once per idempotency key',
    request: confirmPayoutQrCommand,
    reply: replies.payoutCreatedReply,
  }),
  confirm_manual: defineCommand({
    name: 'payouts.confirm_manual',
    summary: 'an operator sent a manual payout: the hold is posted, the payout completes',
    request: operatorPayoutCommand,
    reply: replies.payoutResource,
  }),
  reject_manual: defineCommand({
    name: 'payouts.reject_manual',
    summary: 'an operator could not send a manual payout: the debit is refunded, it fails',
    request: operatorPayoutCommand,
    reply: replies.payoutResource,
  }),
  release_review: defineCommand({
    name: 'payouts.release_review',
    summary: 'a held payout is released: it is debited and dispatched',
    request: operatorPayoutCommand,
    reply: replies.payoutResource,
  }),
  reject_review: defineCommand({
    name: 'payouts.reject_review',
    summary: 'a held payout is rejected: it fails before any debit',
    request: operatorPayoutCommand,
    reply: replies.payoutResource,
  }),
  set_org_limits: defineCommand({
    name: 'payouts.set_org_limits',
    summary: "an organization's money-out limits in USD",
    request: setOrgLimitsCommand,
    reply: replies.orgLimitsReply,
  }),
  set_org_pricing: defineCommand({
    name: 'payouts.set_org_pricing',
    summary: "an organization's (or one corridor's) payout fee",
    request: setOrgPricingCommand,
    reply: replies.orgPricingReply,
  }),
  seed_demo_payout: defineCommand({
    name: 'payouts.seed_demo_payout',
    summary: "one completed payout of a new test account's demo history (sandbox only)",
    request: seedDemoPayoutCommand,
    reply: seedDemoPayoutReply,
  }),
} as const;
