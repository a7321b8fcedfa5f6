import { z } from 'zod';
import { ASSET_CODES } from '../assets';

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

const movement = {
  account_id: id,
  operation_id: id,
  asset,
  amount,
  kind,
  /** The business object behind the movement; the operation_id when omitted. */
  reference_id: id.optional(),
};

/** `ledger.credit_funds`: an external inflow. */
export const creditFundsCommand = z.object(movement).strict();
export type CreditFundsCommand = z.infer<typeof creditFundsCommand>;

/** `ledger.debit_funds`: an external outflow; never below an available balance of zero. */
export const debitFundsCommand = z.object(movement).strict();
export type DebitFundsCommand = z.infer<typeof debitFundsCommand>;

/** `ledger.place_hold`: reserves part of the available balance under `hold_id`. */
export const placeHoldCommand = z.object({ ...movement, hold_id: id }).strict();
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

export const LEDGER_COMMANDS = {
  credit_funds: 'ledger.credit_funds',
  debit_funds: 'ledger.debit_funds',
  place_hold: 'ledger.place_hold',
  post_hold: 'ledger.post_hold',
  release_hold: 'ledger.release_hold',
  transfer_funds: 'ledger.transfer_funds',
  get_balances: 'ledger.get_balances',
  swap_assets: 'ledger.swap_assets',
  get_rates: 'ledger.get_rates',
  list_movements: 'ledger.list_movements',
} as const;
