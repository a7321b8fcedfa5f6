import { z } from 'zod';
import { ASSET_CODES } from '../assets';

/**
 * What the ledger's commands answer. Decimal strings for money (never numbers); `decimals` says
 * how many places the asset has. The gateway documents its responses from these schemas.
 */
const asset = z.enum(ASSET_CODES);
const decimal = z.string().describe('decimal string');
const instant = z.string().describe('ISO 8601 UTC timestamp');
const localDate = z.string().describe('date YYYY-MM-DD in the organization timezone');

/** The events of an account's stream in the ledger (`account-<account_id>`). */
export const LEDGER_EVENT_TYPES = [
  'ledger.funds_credited',
  'ledger.funds_debited',
  'ledger.hold_placed',
  'ledger.hold_posted',
  'ledger.hold_released',
  'ledger.assets_swapped',
] as const;

/** One leg of an operation, as the operation's reply tells it (also when replayed). */
export const movedFunds = z.object({
  type: z.enum(LEDGER_EVENT_TYPES),
  account_id: z.string(),
  asset,
  amount: decimal,
  available_after: decimal,
  held_after: decimal,
  total_after: decimal,
  kind: z.string(),
  reference_id: z.string(),
  hold_id: z.string().optional(),
  counterparty_account_id: z.string().optional(),
  /** For a swap: which side of the exchange this movement is. */
  leg: z.enum(['from', 'to']).optional(),
});
export type MovedFunds = z.infer<typeof movedFunds>;

/** The reply of every money-moving command: what moved, per account, after the operation. */
export const operationReply = z.object({
  operation_id: z.string(),
  movements: z.array(movedFunds),
});
export type OperationReply = z.infer<typeof operationReply>;

export const assetBalance = z.object({
  asset,
  decimals: z.number().int(),
  available: decimal,
  held: decimal,
  total: decimal,
});
export type AssetBalanceView = z.infer<typeof assetBalance>;

/** `ledger.get_balances`: the ten balances of one account, from the projection. */
export const accountBalancesReply = z.object({
  account_id: z.string(),
  balances: z.array(assetBalance),
});

/** `ledger.get_rates`: the configured rate table. */
export const rateTableReply = z.object({
  assets: z.array(
    z.object({
      asset,
      decimals: z.number().int(),
      convertible: z.boolean(),
      same_currency_only: z.boolean(),
      /** Null for the local fiat ledgers, which are never priced against other assets. */
      usd_per_unit: decimal.nullable(),
    }),
  ),
  currencies: z.array(z.object({ currency: z.string(), per_usd: decimal })),
});
export type RateTableView = z.infer<typeof rateTableReply>;

export const movementView = z.object({
  id: z.string(),
  created_at: instant,
  asset,
  amount: decimal.describe('signed decimal string: negative for money out'),
  balance_after: decimal,
  kind: z.string(),
  reference_id: z.string(),
  description: z.string(),
});
export type MovementView = z.infer<typeof movementView> & { account_id: string };

/** `ledger.list_movements`: one page of an account's movements, newest first. */
export const movementPageReply = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  movements: z.array(movementView.extend({ account_id: z.string() })),
});

/** `ledger.query_movements`: D4 `GET /v1/movements`. */
export const publicMovementPageReply = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  movements: z.array(movementView),
});

export const settlementSettings = z.object({
  settlement_asset: z.string(),
  payin_settlement_asset: z.string(),
});
export type SettlementSettings = z.infer<typeof settlementSettings>;

/** `ledger.get_balance_sheet`: D4 `GET /v1/balances`. */
export const balanceSheetReply = settlementSettings.extend({
  balances: z.array(assetBalance),
  total_usd: decimal.describe('every balance (available + held) at the rate table, in USD'),
});
export type BalanceSheet = z.infer<typeof balanceSheetReply>;

export const rateRow = z.object({
  country: z.string(),
  currency: z.string(),
  rate: decimal,
  rate_source: z.literal('spot'),
  payin_rate: decimal,
  same_currency_only: z.literal(true).optional(),
  local_amount: decimal.optional(),
});
export type RateRow = z.infer<typeof rateRow>;

/** `ledger.list_public_rates`: D4 `GET /v1/rates`, per country. */
export const publicRatesReply = z.object({ rates: z.array(rateRow) });

export const balanceHistoryReply = z.object({
  timezone: z.string(),
  from: localDate,
  to: localDate,
  assets: z.array(
    z.object({ asset: z.string(), decimals: z.number().int(), in_total_usd: z.boolean() }),
  ),
  days: z.array(
    z.object({
      date: localDate,
      /** End-of-day available balance per asset code. */
      balances: z.record(z.string(), decimal),
      total_usd: decimal,
    }),
  ),
});
export type BalanceHistory = z.infer<typeof balanceHistoryReply>;

export const statementReply = z.object({
  account_id: z.string(),
  timezone: z.string(),
  /** For the document's language (spec §1 order): the account's and the organization's. */
  account_locale: z.string().nullable(),
  org_locale: z.string(),
  from: localDate,
  to: localDate,
  balances: z.array(
    z.object({ asset, decimals: z.number().int(), opening: decimal, closing: decimal }),
  ),
  totals_by_kind: z.array(
    z.object({
      kind: z.string(),
      asset: z.string(),
      credits: decimal,
      debits: decimal,
      count: z.number().int(),
    }),
  ),
});
export type Statement = z.infer<typeof statementReply>;

export const swapRecord = z.object({
  swap_id: z.string(),
  account_id: z.string(),
  status: z.literal('completed'),
  from_asset: asset,
  to_asset: asset,
  from_amount: decimal,
  to_amount: decimal,
  /** Units of `to_asset` one unit of `from_asset` bought (12 decimals, rounded down). */
  rate: decimal,
  from_usd_per_unit: decimal,
  to_usd_per_unit: decimal,
  usd_value: decimal,
  created_at: instant,
  idempotency_key: z.string().optional(),
});
export type SwapRecord = z.infer<typeof swapRecord>;

export const transferRecord = z.object({
  transfer_id: z.string(),
  status: z.literal('completed'),
  from_account_id: z.string(),
  to_account_id: z.string(),
  asset,
  amount: decimal,
  /** Transfers are free (spec §1). */
  fee: decimal,
  description: z.string(),
  created_at: instant,
  idempotency_key: z.string().optional(),
});
export type TransferRecord = z.infer<typeof transferRecord>;

/** A transfer as one of its two accounts sees it. */
export const transferListing = transferRecord.extend({ direction: z.enum(['sent', 'received']) });
export type TransferListing = z.infer<typeof transferListing>;

export const swapListReply = z.object({ swaps: z.array(swapRecord) });
export const transferListReply = z.object({ transfers: z.array(transferListing) });

export const aliasReply = z.object({ account_id: z.string(), alias: z.string() });

export const resolvedAccount = z.object({
  account_id: z.string(),
  display_name: z.string(),
  type: z.enum(['person', 'company']),
  alias: z.string().nullable(),
});
export type ResolvedAccount = z.infer<typeof resolvedAccount>;
