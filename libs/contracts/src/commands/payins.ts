import { z } from 'zod';
import { PLATFORM_LOCALES } from '../locales';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { clientAmountText } from '../client-amount';
import { filterDateSchema } from '../filter-dates';
import { KYC_STATUSES } from '../events/identity';
import { seedDemoPayinCommand, seedDemoPayinReply } from './demo-history';
import * as replies from './payins-replies';

/**
 * The payins service's commands. Field values of the create body are only typed loosely here:
 * the payins domain checks them and answers the codes of spec §7 (`invalid_amount`,
 * `country_required`, ...). Unknown fields are rejected (the gateway answers `invalid_json`).
 */

/** `POST /v1/payins` body (decisions D4); every field is checked by the payins domain. */
export const payinCreateBody = z
  .object({
    method: z.unknown().optional(),
    country: z.unknown().optional(),
    currency: z.unknown().optional(),
    amount: z.unknown().optional(),
    idempotency_key: z.unknown().optional(),
    glosa: z.unknown().optional(),
    customer: z.unknown().optional(),
    expires_at: z.unknown().optional(),
    expires_in: z.unknown().optional(),
    settlement_asset: z.unknown().optional(),
    settlement_hours: z.unknown().optional(),
    save_card: z.unknown().optional(),
    success_url: z.unknown().optional(),
    failure_url: z.unknown().optional(),
    fiat_hold_local: z.unknown().optional(),
    /** A stored card to charge (`method: card`), from `GET /v1/payins/cards`. */
    instrument_id: z.unknown().optional(),
  })
  .strict();
export type PayinCreateBody = z.infer<typeof payinCreateBody>;

const accountId = z.string().uuid();

/** `payins.create_payin`: `base_url` is the environment's own public address. */
/**
 * The account's identity verification as identity answered when the gateway checked the
 * request's credential: a command that needs an approved verification trusts it instead of asking
 * identity again. Absent (a caller that checked no credential), the service asks.
 */
export const checkedKycStatusField = z.enum(KYC_STATUSES).optional();

export const createPayinCommand = z
  .object({
    account_id: accountId,
    org_id: z.string().min(1),
    base_url: z.string().url(),
    kyc_status: checkedKycStatusField,
    /** `idempotency_key`: the gateway's choice between the body's key and the header's (D7). */
    body: payinCreateBody,
  })
  .strict();
export type CreatePayinCommand = z.infer<typeof createPayinCommand>;

/** `POST /v1/payins/collect` body: a pull collection from the payer's account. */
export const payinCollectBody = z
  .object({
    method: z.unknown().optional(),
    country: z.unknown().optional(),
    currency: z.unknown().optional(),
    amount: z.unknown().optional(),
    otp: z.unknown().optional(),
    payer: z.unknown().optional(),
    idempotency_key: z.unknown().optional(),
    glosa: z.unknown().optional(),
  })
  .strict();
export type PayinCollectBody = z.infer<typeof payinCollectBody>;

/** `payins.collect_payin` (and `payins.request_collect_otp` with the same body, no `otp`). */
export const collectPayinCommand = z
  .object({
    account_id: accountId,
    org_id: z.string().min(1),
    kyc_status: checkedKycStatusField,
    /** `idempotency_key`: the gateway's choice between the body's key and the header's (D7). */
    body: payinCollectBody,
  })
  .strict();
export type CollectPayinCommand = z.infer<typeof collectPayinCommand>;

/** `POST /v1/payins/deposit-accounts` body. */
export const depositAccountBody = z
  .object({
    country: z.unknown().optional(),
    currency: z.unknown().optional(),
    purpose: z.unknown().optional(),
    label: z.unknown().optional(),
  })
  .strict();

/** `payins.create_deposit_account`. */
export const createDepositAccountCommand = z
  .object({
    account_id: accountId,
    org_id: z.string().min(1),
    kyc_status: checkedKycStatusField,
    body: depositAccountBody,
  })
  .strict();
export type CreateDepositAccountCommand = z.infer<typeof createDepositAccountCommand>;

/** `payins.list_deposit_accounts`: newest first. */
export const listDepositAccountsCommand = z
  .object({
    account_id: accountId,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListDepositAccountsCommand = z.infer<typeof listDepositAccountsCommand>;

/** `PUT /v1/payins/deposit-accounts/bank-alias` body (AR/ARS). */
export const bankAliasBody = z
  .object({ deposit_account_id: z.unknown().optional(), alias: z.unknown().optional() })
  .strict();

/** `payins.set_bank_alias`. */
export const setBankAliasCommand = z
  .object({ account_id: accountId, body: bankAliasBody })
  .strict();
export type SetBankAliasCommand = z.infer<typeof setBankAliasCommand>;

/** `payins.get_payin`: another account's payin is `not_found`. */
export const getPayinCommand = z.object({ account_id: accountId, payin_id: z.string() }).strict();
export type GetPayinCommand = z.infer<typeof getPayinCommand>;

/** `payins.list_payins`: newest first; `from`/`to` are organization-local dates (YYYY-MM-DD). */
export const listPayinsCommand = z
  .object({
    account_id: accountId,
    org_id: z.string().min(1),
    status: z.string().optional(),
    country: z.string().optional(),
    method: z.string().optional(),
    /** Payins that saved or were charged to this stored card. */
    instrument_id: z.string().optional(),
    /** `payin` (collections the payer pushes or is charged), `checkout` (links), `collect` (pull). */
    kind: z.string().optional(),
    /** `none`, `partial` or `refunded`. */
    refund_status: z.string().optional(),
    search: z.string().optional(),
    from: filterDateSchema.optional(),
    to: filterDateSchema.optional(),
    limit: z.number().int().min(1).max(10_001),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListPayinsCommand = z.infer<typeof listPayinsCommand>;

/** `payins.list_methods`: the corridor catalog. */
export const listPayinMethodsCommand = z.object({}).strict();

/** `POST /v1/payins/{id}/refund` body: a partial `amount` in the credited asset, whole by default. */
export const payinRefundBody = z
  .object({ amount: z.unknown().optional(), reason: z.unknown().optional() })
  .strict();

/** `payins.refund_payin`. */
export const refundPayinCommand = z
  .object({ account_id: accountId, payin_id: z.string(), body: payinRefundBody })
  .strict();
export type RefundPayinCommand = z.infer<typeof refundPayinCommand>;

/** `payins.release_settlement`: an organization admin credits a scheduled card payin now. */
export const releaseSettlementCommand = z
  .object({
    payin_id: z.string(),
    /** Set when an organization admin releases: a payin of another organization is not_found. */
    org_id: z.string().optional(),
  })
  .strict();

/** `payins.get_checkout`: the public state or quote of a checkout link by its token. */
export const getCheckoutCommand = z.object({ token: z.string().min(1).max(200) }).strict();

/** `payins.pay_checkout_method`: a payer picks a method on a checkout link. */
export const payCheckoutMethodCommand = z
  .object({
    token: z.string().min(1).max(200),
    method: z.string(),
    country: z.string().optional(),
    currency: z.string().optional(),
    base_url: z.string().url(),
  })
  .strict();
export type PayCheckoutMethodCommand = z.infer<typeof payCheckoutMethodCommand>;

/**
 * `payins.pay_checkout_by_transfer`: an account pays a checkout link from its own balance of
 * the link's settlement asset (`checkout_token` on `POST /v1/transfers`). The first completed
 * payment wins (`already_paid`); an expired link is `checkout_expired`.
 */
export const payCheckoutByTransferCommand = z
  .object({
    token: z.string().min(1).max(200),
    payer_account_id: accountId,
    /** What the payer means to pay, when it says: a difference is `checkout_amount_mismatch`. */
    asset: z.string().max(40).optional(),
    amount: clientAmountText.optional(),
  })
  .strict();
export type PayCheckoutByTransferCommand = z.infer<typeof payCheckoutByTransferCommand>;

/**
 * `payins.pay_checkout_collect` and `payins.request_checkout_collect_otp`: a payer pays a checkout
 * link by pull collection; the body is `POST /v1/payins/collect`'s (the amount is the link's).
 */
export const checkoutCollectCommand = z
  .object({ token: z.string().min(1).max(200), body: payinCollectBody })
  .strict();
export type CheckoutCollectCommand = z.infer<typeof checkoutCollectCommand>;

/** `payins.list_stored_cards`: newest first. */
export const listStoredCardsCommand = z
  .object({
    account_id: accountId,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();

/** `payins.revoke_stored_card`: another account's card is `not_found`. */
export const revokeStoredCardCommand = z
  .object({ account_id: accountId, instrument_id: z.string().max(100) })
  .strict();

/** `payins.get_card_session` / `payins.submit_card_session`: the hosted card page. */
export const cardSessionCommand = z.object({ token: z.string().min(1).max(200) }).strict();

/** `POST /v1/payins/{id}/confirm-received` body: what the operator saw arrive at the bank. */
export const payinConfirmReceivedBody = z
  .object({
    amount: z.unknown().optional(),
    bank_reference: z.unknown().optional(),
    account_id: z.unknown().optional(),
  })
  .strict();

/**
 * `payins.confirm_received`, `payins.confirm_approve`, `payins.confirm_cancel`: the two-person
 * confirmation of a manually confirmed payin. `member_id` is the operator acting; null for an
 * API key, which acts as the account's owner.
 */
export const confirmPayinCommand = z
  .object({
    account_id: accountId,
    payin_id: z.string(),
    member_id: z.string().uuid().nullable(),
    body: payinConfirmReceivedBody.optional(),
  })
  .strict();
export type ConfirmPayinCommand = z.infer<typeof confirmPayinCommand>;

/**
 * `payins.operator_confirm`: the platform operator reports a manual-connector collection
 * (live environment) as paid or failed. `outcome` is `paid` (default) or `failed`.
 */
export const operatorConfirmPayinCommand = z
  .object({
    payin_id: z.string(),
    body: z.object({ outcome: z.unknown().optional() }).strict(),
  })
  .strict();
export type OperatorConfirmPayinCommand = z.infer<typeof operatorConfirmPayinCommand>;

/** `payins.get_receipt`: the receipt PDF of a credited payin, base64 encoded. */
export const getPayinReceiptCommand = z
  .object({ account_id: accountId, payin_id: z.string(), locale: z.enum(PLATFORM_LOCALES) })
  .strict();
export type GetPayinReceiptCommand = z.infer<typeof getPayinReceiptCommand>;

/** `POST /v1/sandbox/deposit-accounts/{id}/deposits` body; the payins domain checks values. */
export const sandboxDepositBody = z
  .object({
    amount: z.unknown().optional(),
    payer: z.unknown().optional(),
    /** Which address of the deposit account the payer sent to: `account_number` or `bank_alias`. */
    to: z.unknown().optional(),
  })
  .strict();
export type SandboxDepositBody = z.infer<typeof sandboxDepositBody>;

/** `payins.simulate_deposit`: the sandbox rail reports a deposit into a deposit account. */
export const simulateDepositCommand = z
  .object({ account_id: accountId, deposit_account_id: z.string(), body: sandboxDepositBody })
  .strict();
export type SimulateDepositCommand = z.infer<typeof simulateDepositCommand>;

/** The payins service's commands: each name once, with the request it takes and the reply it answers. */
export const PAYINS_COMMANDS = {
  create_payin: defineCommand({
    name: 'payins.create_payin',
    summary: 'a payin or a checkout link (POST /v1/payins)',
    request: createPayinCommand,
    reply: replies.createdPayin,
  }),
  get_payin: defineCommand({
    name: 'payins.get_payin',
    summary: 'one payin of the account',
    request: getPayinCommand,
    reply: replies.payinView,
  }),
  list_payins: defineCommand({
    name: 'payins.list_payins',
    summary: "an account's payins, newest first, with the filters of GET /v1/payins",
    request: listPayinsCommand,
    reply: replies.payinListReply,
  }),
  list_methods: defineCommand({
    name: 'payins.list_methods',
    summary: 'the payin corridor catalog',
    request: listPayinMethodsCommand,
    reply: replies.payinMethodsCatalog,
  }),
  collect_payin: defineCommand({
    name: 'payins.collect_payin',
    summary: "a pull collection from the payer's account",
    request: collectPayinCommand,
    reply: replies.createdPayin,
  }),
  create_deposit_account: defineCommand({
    name: 'payins.create_deposit_account',
    summary: 'a dedicated deposit account',
    request: createDepositAccountCommand,
    reply: replies.depositAccountView,
  }),
  list_deposit_accounts: defineCommand({
    name: 'payins.list_deposit_accounts',
    summary: "an account's deposit accounts, newest first",
    request: listDepositAccountsCommand,
    reply: replies.depositAccountListReply,
  }),
  set_bank_alias: defineCommand({
    name: 'payins.set_bank_alias',
    summary: 'the bank alias of an AR/ARS deposit account',
    request: setBankAliasCommand,
    reply: replies.depositAccountView,
  }),
  request_collect_otp: defineCommand({
    name: 'payins.request_collect_otp',
    summary: "have the payer's bank send the payer a collection code",
    request: collectPayinCommand,
    reply: replies.collectOtpSent,
  }),
  refund_payin: defineCommand({
    name: 'payins.refund_payin',
    summary: 'refund a credited payin, whole or in part',
    request: refundPayinCommand,
    reply: replies.refundedPayin,
  }),
  release_settlement: defineCommand({
    name: 'payins.release_settlement',
    summary: 'credit a scheduled card settlement now',
    request: releaseSettlementCommand,
    reply: replies.payinView,
  }),
  get_checkout_state: defineCommand({
    name: 'payins.get_checkout_state',
    summary: 'the public state of a checkout link',
    request: getCheckoutCommand,
    reply: replies.checkoutState,
  }),
  get_checkout_quote: defineCommand({
    name: 'payins.get_checkout_quote',
    summary: 'what a payer may pay an open checkout link with',
    request: getCheckoutCommand,
    reply: replies.checkoutQuote,
  }),
  pay_checkout_method: defineCommand({
    name: 'payins.pay_checkout_method',
    summary: 'a payer picks a method on a checkout link',
    request: payCheckoutMethodCommand,
    reply: replies.checkoutPayment,
  }),
  pay_checkout_by_transfer: defineCommand({
    name: 'payins.pay_checkout_by_transfer',
    summary: 'an account pays a checkout link from its own balance (POST /v1/transfers)',
    request: payCheckoutByTransferCommand,
    reply: replies.payinView,
  }),
  get_card_session: defineCommand({
    name: 'payins.get_card_session',
    summary: 'the hosted card page of a card payin',
    request: cardSessionCommand,
    reply: replies.cardSession,
  }),
  get_pay_page_owner: defineCommand({
    name: 'payins.get_pay_page_owner',
    summary: 'the account whose checkout link or card payin a public page shows (its branding)',
    request: cardSessionCommand,
    reply: replies.payPageOwner,
  }),
  submit_card_session: defineCommand({
    name: 'payins.submit_card_session',
    summary: 'the payer submitted the hosted card page',
    request: cardSessionCommand,
    reply: replies.cardSession,
  }),
  pay_checkout_collect: defineCommand({
    name: 'payins.pay_checkout_collect',
    summary: 'a payer pays a checkout link by pull collection',
    request: checkoutCollectCommand,
    reply: replies.checkoutPayment,
  }),
  request_checkout_collect_otp: defineCommand({
    name: 'payins.request_checkout_collect_otp',
    summary: "have the payer's bank send a code to pay a checkout link",
    request: checkoutCollectCommand,
    reply: replies.collectOtpSent,
  }),
  list_stored_cards: defineCommand({
    name: 'payins.list_stored_cards',
    summary: "an account's stored cards, newest first",
    request: listStoredCardsCommand,
    reply: replies.storedCardListReply,
  }),
  revoke_stored_card: defineCommand({
    name: 'payins.revoke_stored_card',
    summary: 'revoke a stored card',
    request: revokeStoredCardCommand,
    reply: replies.storedCardView,
  }),
  confirm_received: defineCommand({
    name: 'payins.confirm_received',
    summary: "the first operator records a manually confirmed payin's receipt",
    request: confirmPayinCommand,
    reply: replies.confirmedPayin,
  }),
  confirm_approve: defineCommand({
    name: 'payins.confirm_approve',
    summary: 'a second operator approves the receipt: the payin is credited',
    request: confirmPayinCommand,
    reply: replies.confirmedPayin,
  }),
  confirm_cancel: defineCommand({
    name: 'payins.confirm_cancel',
    summary: 'a second operator cancels the receipt: the payin fails',
    request: confirmPayinCommand,
    reply: replies.confirmedPayin,
  }),
  operator_confirm: defineCommand({
    name: 'payins.operator_confirm',
    summary: 'the platform operator reports a live collection as paid or failed',
    request: operatorConfirmPayinCommand,
    reply: replies.payinView,
  }),
  get_receipt: defineCommand({
    name: 'payins.get_receipt',
    summary: 'the receipt PDF of a credited payin',
    request: getPayinReceiptCommand,
    reply: replies.payinReceiptReply,
  }),
  simulate_deposit: defineCommand({
    name: 'payins.simulate_deposit',
    summary: 'the sandbox rail reports a deposit into a deposit account',
    request: simulateDepositCommand,
    reply: replies.payinView,
  }),
  seed_demo_payin: defineCommand({
    name: 'payins.seed_demo_payin',
    summary: "one credited payin of a new test account's demo history (sandbox only)",
    request: seedDemoPayinCommand,
    reply: seedDemoPayinReply,
  }),
} as const;
