import { z } from 'zod';
import { clientAmountText } from '../client-amount';
import { filterDateSchema } from '../filter-dates';

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
export const createPayinCommand = z
  .object({
    account_id: accountId,
    org_id: z.string().min(1),
    base_url: z.string().url(),
    /** The `Idempotency-Key` header; the body's key wins when both are present. */
    header_idempotency_key: z.string().optional(),
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
    header_idempotency_key: z.string().optional(),
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
  .object({ account_id: accountId, org_id: z.string().min(1), body: depositAccountBody })
  .strict();
export type CreateDepositAccountCommand = z.infer<typeof createDepositAccountCommand>;

/** `payins.list_deposit_accounts`: newest first. */
export const listDepositAccountsCommand = z
  .object({
    account_id: accountId,
    limit: z.number().int().min(1).max(100),
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
    limit: z.number().int().min(1).max(100),
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
  .object({ account_id: accountId, payin_id: z.string(), locale: z.enum(['en', 'es', 'zh']) })
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

export const PAYINS_COMMANDS = {
  create_payin: 'payins.create_payin',
  get_payin: 'payins.get_payin',
  list_payins: 'payins.list_payins',
  list_methods: 'payins.list_methods',
  collect_payin: 'payins.collect_payin',
  create_deposit_account: 'payins.create_deposit_account',
  list_deposit_accounts: 'payins.list_deposit_accounts',
  set_bank_alias: 'payins.set_bank_alias',
  request_collect_otp: 'payins.request_collect_otp',
  refund_payin: 'payins.refund_payin',
  release_settlement: 'payins.release_settlement',
  get_checkout_state: 'payins.get_checkout_state',
  get_checkout_quote: 'payins.get_checkout_quote',
  pay_checkout_method: 'payins.pay_checkout_method',
  pay_checkout_by_transfer: 'payins.pay_checkout_by_transfer',
  get_card_session: 'payins.get_card_session',
  submit_card_session: 'payins.submit_card_session',
  pay_checkout_collect: 'payins.pay_checkout_collect',
  request_checkout_collect_otp: 'payins.request_checkout_collect_otp',
  list_stored_cards: 'payins.list_stored_cards',
  revoke_stored_card: 'payins.revoke_stored_card',
  confirm_received: 'payins.confirm_received',
  confirm_approve: 'payins.confirm_approve',
  confirm_cancel: 'payins.confirm_cancel',
  operator_confirm: 'payins.operator_confirm',
  get_receipt: 'payins.get_receipt',
  simulate_deposit: 'payins.simulate_deposit',
} as const;
