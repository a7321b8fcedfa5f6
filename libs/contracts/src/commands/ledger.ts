import { z } from 'zod';
import { clientAmountText } from '../client-amount';
import { ASSET_CODES } from '../assets';
import { defineCommand } from '../catalog/define';
import { filterDateSchema } from '../filter-dates';
import { MOVEMENT_DESCRIPTION_MAX_LENGTH } from '../events/ledger';
import * as replies from './ledger-replies';

/**
 * The ledger's commands for other services. Amounts are decimal strings; their precision per
 * asset is checked by the ledger with @platform/money. Every command that moves money carries
 * an `operation_id`: the same id with the same payload replays the original reply, with another
 * payload it is `idempotency_conflict`.
 */
const id = z.string().min(1).max(200);
const amount = z.string().min(1).max(40);
const asset = z.enum(ASSET_CODES);
/** What the movement is for (`payin`, `payout`, `fee`, `transfer`...): shown in movements. */
const kind = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'a snake_case word');
/**
 * How the movement reads on a statement, like a bank's ("Payout to Ana Diaz (PIX)"); the
 * ledger words it from `kind` when omitted.
 */
const description = z.string().min(1).max(MOVEMENT_DESCRIPTION_MAX_LENGTH).optional();

const movement = {
  account_id: id,
  operation_id: id,
  asset,
  amount,
  kind,
  /** The business object behind the movement; the operation_id when omitted. */
  reference_id: id.optional(),
  description,
};

/**
 * When a credit or a hold took effect, if in the past (ISO 8601): only the demo history of a
 * test account passes it (the live ledger refuses it, `forbidden`); movements are dated by it.
 */
const effective_at = z.string().datetime().optional();

/**
 * The platform's fee (revenue) account of an organization: fees charged to the organization's
 * accounts are credited to it, so the sum of each asset over all accounts changes only by
 * external inflows and outflows. Operators read its balances like any account's.
 */
export function orgFeeAccountId(org_id: string): string {
  return `fees:${org_id}`;
}

/**
 * A fee beside the amount, in the same asset: its own leg (kind `fee`) of the operation,
 * credited to `fee_account_id` (see `orgFeeAccountId`) when the money leaves the account.
 * Both or neither; a zero fee is the same as none.
 */
const feeLeg = { fee: amount.optional(), fee_account_id: id.optional() };
const feeLegIsWhole = (command: { fee?: string; fee_account_id?: string }) =>
  (command.fee === undefined) === (command.fee_account_id === undefined);
const FEE_LEG_MESSAGE = { message: 'fee and fee_account_id come together', path: ['fee'] };

/** `ledger.credit_funds`: an external inflow. */
export const creditFundsCommand = z.object({ ...movement, effective_at }).strict();
export type CreditFundsCommand = z.infer<typeof creditFundsCommand>;

/**
 * `ledger.debit_funds`: an external outflow; never below an available balance of zero. With a
 * fee, `amount + fee` must fit and the fee is credited to the fee account in the same append.
 */
export const debitFundsCommand = z
  .object({ ...movement, ...feeLeg })
  .strict()
  .refine(feeLegIsWhole, FEE_LEG_MESSAGE);
export type DebitFundsCommand = z.infer<typeof debitFundsCommand>;

/**
 * `ledger.place_hold`: reserves part of the available balance under `hold_id`; with a fee,
 * `amount + fee`. Posting the hold credits the fee to the fee account; releasing returns both.
 */
export const placeHoldCommand = z
  .object({ ...movement, hold_id: id, ...feeLeg, effective_at })
  .strict()
  .refine(feeLegIsWhole, FEE_LEG_MESSAGE);
export type PlaceHoldCommand = z.infer<typeof placeHoldCommand>;

/** `ledger.post_hold` and `ledger.release_hold`: end a placed hold, whole. */
export const endHoldCommand = z.object({ account_id: id, operation_id: id, hold_id: id }).strict();
export type EndHoldCommand = z.infer<typeof endHoldCommand>;

/** `ledger.transfer_funds`: debit one account and credit another, atomically. */
export const transferFundsCommand = z
  .object({
    from_account_id: id,
    to_account_id: id,
    operation_id: id,
    asset,
    amount,
    kind: kind.default('transfer'),
    reference_id: id.optional(),
  })
  .strict();
export type TransferFundsCommand = z.infer<typeof transferFundsCommand>;

/** `ledger.get_balances`: the ten balances of one account. */
export const getBalancesCommand = z.object({ account_id: id }).strict();
export type GetBalancesCommand = z.infer<typeof getBalancesCommand>;

/**
 * `ledger.swap_assets`: exchanges `amount` of `from_asset` for `to_asset` on one account at the
 * ledger's rate table. Only the seven convertible assets swap (`invalid_pair` otherwise).
 */
export const swapAssetsCommand = z
  .object({
    account_id: id,
    operation_id: id,
    from_asset: asset,
    to_asset: asset,
    amount,
    reference_id: id.optional(),
  })
  .strict();
export type SwapAssetsCommand = z.infer<typeof swapAssetsCommand>;

/** `ledger.get_rates`: the configured rate table. */
export const getRatesCommand = z.object({}).strict();
export type GetRatesCommand = z.infer<typeof getRatesCommand>;

/** Listings (D7): `page` from 1, `page_size` 20 by default and clamped to 100. */
const MAX_PAGE_SIZE = 100;

/**
 * `ledger.list_movements`: an account's movements, newest first; `from` inclusive and `to`
 * exclusive, as ISO 8601 timestamps (the caller turns the organization's dates into instants).
 */
export const listMovementsCommand = z
  .object({
    account_id: id,
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce
      .number()
      .int()
      .min(1)
      .default(20)
      .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
  })
  .strict();
export type ListMovementsCommand = z.infer<typeof listMovementsCommand>;

/* ---------------- The ledger's public surface (commands the gateway sends) ---------------- */

/** A date in the organization's timezone, `YYYY-MM-DD` (D12 bounds). */
const localDate = filterDateSchema;
/** Checked by the ledger (length, CR/LF, reserved prefixes) to answer the spec codes. */
const idempotencyKey = z.string();
const listing = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
  /** Rows to read from the page's start; `page_size` when absent, one more to tell `has_more`. */
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE + 1)
    .optional(),
};
/** Exports (csv, xlsx) read up to this many rows plus one, to tell a truncated file. */
export const LEDGER_EXPORT_ROW_LIMIT = 10_000;
const accountInOrg = { account_id: id, org_id: id };

/** `ledger.get_balance_sheet`: D4 `GET /v1/balances`. */
export const getBalanceSheetCommand = z.object({ account_id: id }).strict();
export type GetBalanceSheetCommand = z.infer<typeof getBalanceSheetCommand>;

/** `ledger.get_settlement`: an account's settlement and payin settlement assets (USD by default). */
export const getSettlementCommand = z.object({ account_id: id }).strict();
export type GetSettlementCommand = z.infer<typeof getSettlementCommand>;

/** `ledger.update_settlement`: D4 `PUT /v1/settlement`; asset codes are checked by the ledger. */
export const updateSettlementCommand = z
  .object({
    ...accountInOrg,
    settlement_asset: z.string().max(40).optional(),
    default_payin_asset: z.string().max(40).optional(),
  })
  .strict();
export type UpdateSettlementCommand = z.infer<typeof updateSettlementCommand>;

/** `ledger.list_public_rates`: D4 `GET /v1/rates`, per country. */
export const listPublicRatesCommand = z
  .object({ currency: z.string().max(10).optional(), amount: clientAmountText.optional() })
  .strict();
export type ListPublicRatesCommand = z.infer<typeof listPublicRatesCommand>;

/** `ledger.get_balance_history`: daily series per asset over the last `days` days. */
export const getBalanceHistoryCommand = z
  .object({
    ...accountInOrg,
    from: localDate.optional(),
    to: localDate.optional(),
  })
  .strict();
export type GetBalanceHistoryCommand = z.infer<typeof getBalanceHistoryCommand>;

/** `ledger.query_movements`: movements between organization-local dates (from inclusive, to inclusive day). */
export const queryMovementsCommand = z
  .object({
    ...accountInOrg,
    from: localDate.optional(),
    to: localDate.optional(),
    ...listing,
    /** For csv/xlsx: up to LEDGER_EXPORT_ROW_LIMIT + 1 rows, page ignored. */
    export: z.boolean().default(false),
  })
  .strict();
export type QueryMovementsCommand = z.infer<typeof queryMovementsCommand>;

/** `ledger.get_statement`: opening/closing balances and totals by kind between two local dates. */
export const getStatementCommand = z
  .object({ ...accountInOrg, from: localDate.optional(), to: localDate.optional() })
  .strict();
export type GetStatementCommand = z.infer<typeof getStatementCommand>;

/** `ledger.create_swap`: D4 `POST /v1/swaps`; `amount` is in `from_asset`. */
export const createSwapCommand = z
  .object({
    account_id: id,
    from_asset: z.string().max(40),
    to_asset: z.string().max(40),
    amount: clientAmountText,
    idempotency_key: idempotencyKey.optional(),
  })
  .strict();
export type CreateSwapCommand = z.infer<typeof createSwapCommand>;

/**
 * `ledger.create_transfer`: D4 `POST /v1/transfers`; `recipient` is an account id, email, verified
 * E.164 phone or alias.
 */
export const createTransferCommand = z
  .object({
    ...accountInOrg,
    recipient: z.string().max(320).optional(),
    /** A contact of the account's address book linked to an account, instead of `recipient`. */
    contact_id: z.string().max(200).optional(),
    asset: z.string().max(40),
    amount: clientAmountText,
    description: z.string().max(500).optional(),
    idempotency_key: idempotencyKey.optional(),
  })
  .strict();
export type CreateTransferCommand = z.infer<typeof createTransferCommand>;

/** `ledger.list_swaps` and `ledger.list_transfers`: newest first. */
export const listAccountRecordsCommand = z
  .object({ account_id: id, ...listing, export: z.boolean().default(false) })
  .strict();
export type ListAccountRecordsCommand = z.infer<typeof listAccountRecordsCommand>;

/** `ledger.get_swap` and `ledger.get_transfer`: another account's record is `not_found`. */
export const getAccountRecordCommand = z.object({ account_id: id, record_id: id }).strict();
export type GetAccountRecordCommand = z.infer<typeof getAccountRecordCommand>;

/** `ledger.set_alias`: the account's alias in its organization (`alias_taken` when in use). */
export const setAliasCommand = z.object({ ...accountInOrg, alias: z.string().max(100) }).strict();
export type SetAliasCommand = z.infer<typeof setAliasCommand>;

/** `ledger.resolve_alias`: an alias or an account QR payload to the account, same organization. */
export const resolveAliasCommand = z
  .object({
    org_id: id,
    alias: z.string().max(320).optional(),
    qr: z.string().max(2000).optional(),
  })
  .strict();
export type ResolveAliasCommand = z.infer<typeof resolveAliasCommand>;

/** The ledger's commands: each name once, with the request it takes and the reply it answers. */
export const LEDGER_COMMANDS = {
  credit_funds: defineCommand({
    name: 'ledger.credit_funds',
    summary: 'an external inflow to an account',
    request: creditFundsCommand,
    reply: replies.operationReply,
  }),
  debit_funds: defineCommand({
    name: 'ledger.debit_funds',
    summary: 'an external outflow, never below an available balance of zero',
    request: debitFundsCommand,
    reply: replies.operationReply,
  }),
  place_hold: defineCommand({
    name: 'ledger.place_hold',
    summary: 'reserve part of the available balance under a hold id',
    request: placeHoldCommand,
    reply: replies.operationReply,
  }),
  post_hold: defineCommand({
    name: 'ledger.post_hold',
    summary: 'turn a placed hold into a debit',
    request: endHoldCommand,
    reply: replies.operationReply,
  }),
  release_hold: defineCommand({
    name: 'ledger.release_hold',
    summary: 'give a placed hold back to the available balance',
    request: endHoldCommand,
    reply: replies.operationReply,
  }),
  transfer_funds: defineCommand({
    name: 'ledger.transfer_funds',
    summary: 'debit one account and credit another, atomically',
    request: transferFundsCommand,
    reply: replies.operationReply,
  }),
  get_balances: defineCommand({
    name: 'ledger.get_balances',
    summary: 'the ten balances of one account, from the projection',
    request: getBalancesCommand,
    reply: replies.accountBalancesReply,
  }),
  swap_assets: defineCommand({
    name: 'ledger.swap_assets',
    summary: "exchange one asset for another on one account at the ledger's rate table",
    request: swapAssetsCommand,
    reply: replies.operationReply,
  }),
  get_rates: defineCommand({
    name: 'ledger.get_rates',
    summary: 'the configured rate table',
    request: getRatesCommand,
    reply: replies.rateTableReply,
  }),
  list_movements: defineCommand({
    name: 'ledger.list_movements',
    summary: "an account's movements between two instants, newest first",
    request: listMovementsCommand,
    reply: replies.movementPageReply,
  }),
  get_balance_sheet: defineCommand({
    name: 'ledger.get_balance_sheet',
    summary: 'the ten balances with settlement assets and the USD total (GET /v1/balances)',
    request: getBalanceSheetCommand,
    reply: replies.balanceSheetReply,
  }),
  get_settlement: defineCommand({
    name: 'ledger.get_settlement',
    summary: "an account's settlement and payin settlement assets",
    request: getSettlementCommand,
    reply: replies.settlementSettings,
  }),
  update_settlement: defineCommand({
    name: 'ledger.update_settlement',
    summary: "change an account's settlement assets (PUT /v1/settlement)",
    request: updateSettlementCommand,
    reply: replies.settlementSettings,
  }),
  list_public_rates: defineCommand({
    name: 'ledger.list_public_rates',
    summary: 'per-country rates (GET /v1/rates)',
    request: listPublicRatesCommand,
    reply: replies.publicRatesReply,
  }),
  get_balance_history: defineCommand({
    name: 'ledger.get_balance_history',
    summary: 'daily balance series per asset (GET /v1/balances/history)',
    request: getBalanceHistoryCommand,
    reply: replies.balanceHistoryReply,
  }),
  query_movements: defineCommand({
    name: 'ledger.query_movements',
    summary: 'movements between organization-local dates (GET /v1/movements)',
    request: queryMovementsCommand,
    reply: replies.publicMovementPageReply,
  }),
  get_statement: defineCommand({
    name: 'ledger.get_statement',
    summary: 'opening and closing balances and totals by kind between two local dates',
    request: getStatementCommand,
    reply: replies.statementReply,
  }),
  create_swap: defineCommand({
    name: 'ledger.create_swap',
    summary: 'a swap between convertible assets (POST /v1/swaps)',
    request: createSwapCommand,
    reply: replies.swapRecord,
  }),
  list_swaps: defineCommand({
    name: 'ledger.list_swaps',
    summary: "an account's swaps, newest first",
    request: listAccountRecordsCommand,
    reply: replies.swapListReply,
  }),
  get_swap: defineCommand({
    name: 'ledger.get_swap',
    summary: 'one swap of the account',
    request: getAccountRecordCommand,
    reply: replies.swapRecord,
  }),
  create_transfer: defineCommand({
    name: 'ledger.create_transfer',
    summary: 'an internal transfer to another account (POST /v1/transfers)',
    request: createTransferCommand,
    reply: replies.transferRecord,
  }),
  list_transfers: defineCommand({
    name: 'ledger.list_transfers',
    summary: "an account's transfers, sent and received, newest first",
    request: listAccountRecordsCommand,
    reply: replies.transferListReply,
  }),
  get_transfer: defineCommand({
    name: 'ledger.get_transfer',
    summary: 'one transfer the account sent or received',
    request: getAccountRecordCommand,
    reply: replies.transferListing,
  }),
  set_alias: defineCommand({
    name: 'ledger.set_alias',
    summary: "the account's alias in its organization",
    request: setAliasCommand,
    reply: replies.aliasReply,
  }),
  resolve_alias: defineCommand({
    name: 'ledger.resolve_alias',
    summary: 'an alias or an account QR payload to the account, same organization',
    request: resolveAliasCommand,
    reply: replies.resolvedAccount,
  }),
} as const;
