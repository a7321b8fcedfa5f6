import { z } from 'zod';
import { ASSET_CODES } from '../assets';

/**
 * What the payins service's commands answer (spec §2 payin fields, §4 payins and checkout).
 * Decimal strings for money (never numbers). The gateway documents its responses from these
 * schemas, and the test platforms check every reply against them.
 */
const asset = z.enum(ASSET_CODES);
const decimal = z.string().describe('decimal string');
const instant = z.string().describe('ISO 8601 UTC timestamp');

/** The methods a client creates payins with (`POST /v1/payins`). */
export const PAYIN_METHODS = ['bank_transfer', 'qr', 'fintoc', 'card', 'checkout'] as const;
/** Pull collections (`POST /v1/payins/collect`): the platform debits the payer's account. */
export const COLLECT_METHODS = ['c2p', 'debito_inmediato'] as const;
/** A payment a payer sent to a dedicated deposit account: no request created it. */
export const DEPOSIT_METHOD = 'deposit_account' as const;
/** Spec §3 payin states. */
export const PAYIN_STATUSES = ['pending', 'credited', 'expired', 'failed', 'unassigned'] as const;

const storedPayinMethod = z.enum([...PAYIN_METHODS, ...COLLECT_METHODS, DEPOSIT_METHOD]);
const payinStatus = z.enum(PAYIN_STATUSES);

export const payinFailure = z.object({
  origin: z.enum(['provider', 'core']),
  code: z.string(),
  message: z.string(),
});
export type PayinFailure = z.infer<typeof payinFailure>;

/** A card as a payin shows it: never the number, only what identifies it to its holder. */
export const payinInstrument = z.object({
  type: z.literal('card'),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type PayinInstrument = z.infer<typeof payinInstrument>;

/** The payer of a deposit as the sending bank reports them; every field may be missing. */
export const depositPayer = z.object({
  name: z.string().optional(),
  tax_id: z.string().optional(),
  account_number: z.string().optional(),
  bank: z.string().optional(),
});
export type DepositPayer = z.infer<typeof depositPayer>;

const paid = { amount: decimal, currency: z.string() };

/** What the payer needs to pay, per method (sandbox values are never real accounts). */
export const payinInstructions = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bank_transfer'),
    ...paid,
    reference: z.string(),
    beneficiary_name: z.string(),
    clabe: z.string().optional().describe('MX'),
    cbu: z.string().optional().describe('AR'),
    routing_number: z.string().optional(),
    account_number: z.string().optional(),
  }),
  z.object({ type: z.literal('qr'), ...paid, reference: z.string(), qr_payload: z.string() }),
  z.object({ type: z.literal('bank_payment_initiation'), ...paid, reference: z.string() }),
  z.object({ type: z.literal('hosted_card_page'), ...paid, payment_url: z.string().nullable() }),
  z.object({
    type: z.literal('stored_card'),
    ...paid,
    instrument_id: z.string(),
    brand: z.string(),
    last4: z.string(),
  }),
  z.object({
    type: z.literal('pull_collection'),
    payer_phone: z.string(),
    payer_bank_code: z.string(),
  }),
  z.object({
    type: z.literal('deposit_account'),
    deposit_account_id: z.string(),
    account_number: z.string(),
    bank_alias: z.string().nullable(),
    paid_to: z.enum(['account_number', 'bank_alias']),
  }),
  z.object({ type: z.literal('internal_transfer'), payer_account_id: z.string() }),
]);
export type PayinInstructions = z.infer<typeof payinInstructions>;

export const REFUND_STATUSES = ['none', 'partial', 'refunded'] as const;
/** Conversion of a checkout link's payment into its settlement asset (spec §3). */
const conversionStatus = z.enum(['pending', 'not_required', 'completed']);

/** The public form of a payin (spec §2 fields), as `GET /v1/payins/{id}` answers it. */
export const payinView = z.object({
  payin_id: z.string(),
  account_id: z.string(),
  method: storedPayinMethod,
  status: payinStatus,
  country: z.string().nullable(),
  currency: z.string(),
  local_amount: decimal,
  amount: decimal.describe('the same as local_amount'),
  reference: z.string(),
  glosa: z.string().nullable(),
  customer: z.object({ name: z.string().optional(), email: z.string().optional() }).nullable(),
  instructions: payinInstructions.nullable(),
  payment_url: z.string().nullable(),
  checkout_url: z.string().nullable(),
  success_url: z.string().nullable(),
  failure_url: z.string().nullable(),
  expires_at: instant,
  settlement_asset: z.string().nullable(),
  /** Checkout links only. */
  conversion_status: conversionStatus.nullable(),
  credit_asset: z.string().nullable(),
  fx_rate: decimal.nullable(),
  usdt_credited: decimal.nullable().describe('net amount credited in credit_asset, after fee'),
  fee: decimal.nullable(),
  fiat_hold_local: z.boolean(),
  /** Card payins only. */
  settlement_hours: z.number().int().nullable(),
  settlement_pending: z.boolean(),
  settle_at: instant.nullable(),
  settled_at: instant.nullable(),
  credited_at: instant.nullable(),
  failure: payinFailure.nullable(),
  /** Unassigned deposits: why no payin took them (`checkout_link_expired`...). */
  match_reason: z.string().nullable(),
  refunded_amount: decimal.nullable(),
  refund_status: z.enum(REFUND_STATUSES),
  rate_source: z.literal('spot').nullable(),
  idempotency_key: z.string().nullable(),
  instrument_id: z.string().nullable(),
  instrument: payinInstrument.nullable(),
  deposit_account_id: z.string().nullable(),
  payer: depositPayer.nullable(),
  receipt_url: z.string().nullable(),
  created_at: instant,
});
export type PayinView = z.infer<typeof payinView>;

/** `payins.create_payin` and `payins.collect_payin`: the payin, and whether a key replayed it. */
export const createdPayin = payinView.extend({ idempotency_hit: z.boolean() });
export type CreatedPayin = z.infer<typeof createdPayin>;

export const payinListReply = z.object({ payins: z.array(payinView) });

/** `payins.list_methods`: the corridor catalog (decisions D6). */
export const payinMethodsCatalog = z.object({
  methods: z.array(
    z.object({
      method: storedPayinMethod,
      /** `collect`: a pull collection through `POST /v1/payins/collect`. */
      kind: z.literal('collect').optional(),
      otp_route: z.boolean().optional(),
      country: z.string().nullable(),
      currency: z.string().nullable(),
      delivery: z.enum(['push+polling', 'push', 'redirect+push']),
      fiat_hold_local: z.boolean(),
      /** Confirmed by two operators of the account instead of by the rail. */
      manual_confirmation: z.literal(true).optional(),
      settlement_assets: z.array(asset).optional(),
    }),
  ),
});
export type PayinMethodsCatalog = z.infer<typeof payinMethodsCatalog>;

/** The answer of `/collect/otp`: the payer's bank sent the code; the platform never sees it. */
export const collectOtpSent = z.object({
  otp_sent: z.literal(true),
  channel: z.literal('sms'),
  method: z.enum(COLLECT_METHODS),
  payer_phone: z.string().describe('masked: only the last four digits show'),
  expires_at: instant,
});
export type CollectOtpSent = z.infer<typeof collectOtpSent>;

export const depositAccountView = z.object({
  deposit_account_id: z.string(),
  country: z.string(),
  currency: z.string(),
  purpose: z.string(),
  label: z.string().nullable(),
  account_number: z.string(),
  bank_alias: z.string().nullable(),
  created_at: instant,
});
export type DepositAccountView = z.infer<typeof depositAccountView>;

export const depositAccountListReply = z.object({ deposit_accounts: z.array(depositAccountView) });

/** `payins.refund_payin`: the payin after the refund, and what the refund debited. */
export const refundedPayin = payinView.extend({
  refund: z.object({ debited_asset: z.string(), debited_amount: decimal }),
});
export type RefundedPayin = z.infer<typeof refundedPayin>;

/** The public state of a checkout link (`/pay/{token}/state`). */
export const checkoutState = z.object({
  checkout_id: z.string(),
  status: z.enum(['open', 'paid', 'expired']),
  amount: decimal,
  settlement_asset: z.string(),
  expires_at: instant,
  paid_at: instant.nullable(),
  paid_method: z.string().nullable(),
  paid_currency: z.string().nullable(),
  conversion_status: conversionStatus,
  success_url: z.string().nullable(),
  failure_url: z.string().nullable(),
});
export type CheckoutState = z.infer<typeof checkoutState>;

const quotedOption = z.object({
  method: z.string(),
  country: z.string(),
  currency: z.string(),
  local_amount: decimal,
});

/** What a payer may pay a checkout link with (`/pay/{token}/quote`). */
export const checkoutQuote = z.object({
  checkout_id: z.string(),
  amount: decimal,
  settlement_asset: asset,
  expires_at: instant,
  countries: z.array(z.string()),
  options: z.array(quotedOption),
  /** `available`: false with under 5 minutes left on the link. */
  cards: z.array(quotedOption.extend({ available: z.boolean() })),
  crypto: z.array(z.object({ asset, amount: decimal })),
  account_app: z.object({ asset, amount: decimal }),
});
export type CheckoutQuote = z.infer<typeof checkoutQuote>;

/** A payer's method on a checkout link: the link's state and the collection it created. */
export const checkoutPayment = z.object({ checkout: checkoutState, payin: payinView });
export type CheckoutPayment = z.infer<typeof checkoutPayment>;

/** The hosted card page of a card payin or card attempt. */
export const cardSession = z.object({
  status: payinStatus,
  amount: decimal,
  currency: z.string(),
  reference: z.string(),
  expires_at: instant,
  success_url: z.string().nullable(),
  failure_url: z.string().nullable(),
});
export type CardSession = z.infer<typeof cardSession>;

/** The account a public page (checkout link or card page) belongs to: never shown to payers. */
export const payPageOwner = z.object({ account_id: z.string() });
export type PayPageOwner = z.infer<typeof payPageOwner>;

export const storedCardView = z.object({
  instrument_id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  country: z.string(),
  currency: z.string(),
  status: z.enum(['active', 'revoked']),
  source_payin_id: z.string(),
  created_at: instant,
  revoked_at: instant.nullable(),
});
export type StoredCardView = z.infer<typeof storedCardView>;

export const storedCardListReply = z.object({ cards: z.array(storedCardView) });

/** The two-person confirmation of a manually confirmed payin, as its routes answer it. */
export const confirmationView = z.object({
  received_by: z.string(),
  received_amount: decimal,
  bank_reference: z.string(),
  received_at: instant,
  decision: z.enum(['approved', 'cancelled']).nullable(),
  decided_by: z.string().nullable(),
  decided_at: instant.nullable(),
});

export const confirmedPayin = payinView.extend({ confirmation: confirmationView });
export type ConfirmedPayin = z.infer<typeof confirmedPayin>;

/** `payins.get_receipt`: the PDF, base64 encoded; the gateway sends it as `application/pdf`. */
export const payinReceiptReply = z.object({ filename: z.string(), pdf_base64: z.string() });
