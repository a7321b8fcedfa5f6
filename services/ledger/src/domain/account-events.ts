import {
  LEDGER_EVENT_TYPES as ACCOUNT_EVENT_TYPES,
  type AssetsSwapped,
  type FundsCredited,
  type FundsDebited,
  type HoldPlaced,
  type HoldPosted,
  type HoldReleased,
} from '@platform/contracts';
import type { Asset, Money } from '@platform/money';
import type { RateTable, SwapLimits } from './swap-pricing';

/** The events of one account's stream (`account-<account_id>`). */
export type LedgerEvent =
  | { type: 'ledger.funds_credited'; data: FundsCredited }
  | { type: 'ledger.funds_debited'; data: FundsDebited }
  | { type: 'ledger.hold_placed'; data: HoldPlaced }
  | { type: 'ledger.hold_posted'; data: HoldPosted }
  | { type: 'ledger.hold_released'; data: HoldReleased }
  | { type: 'ledger.assets_swapped'; data: AssetsSwapped };

export type LedgerEventType = LedgerEvent['type'];

export const LEDGER_EVENT_TYPES: readonly LedgerEventType[] = ACCOUNT_EVENT_TYPES;

export function isLedgerEventType(type: string): type is LedgerEventType {
  return (LEDGER_EVENT_TYPES as readonly string[]).includes(type);
}

interface Movement {
  account_id: string;
  operation_id: string;
  amount: Money<Asset>;
  kind: string;
  reference_id: string;
  /** ISO 8601 UTC: a movement dated in the past (D5 demo history only); projections date by it. */
  effective_at?: string;
  /** How it reads on a statement, as the calling service worded it. */
  description?: string;
}

/**
 * A fee charged beside a movement's amount, in the same asset: its own leg (kind `fee`), credited
 * to the organization's fee account when the money leaves the account.
 */
export interface FeeLeg {
  amount: Money<Asset>;
  account_id: string;
}

/** A movement that may carry a fee leg: a direct debit or a hold. */
type Charged = Movement & { fee?: FeeLeg };

interface HoldEnd {
  account_id: string;
  operation_id: string;
  hold_id: string;
}

/**
 * A swap on one account. The rate table, the limits and the time are given with the command,
 * so deciding stays pure; the event records the prices used, and a replay keeps them.
 */
export interface SwapRequest {
  account_id: string;
  operation_id: string;
  amount: Money<Asset>;
  to_asset: Asset;
  reference_id: string;
  rates: RateTable;
  limits: SwapLimits;
  /** ISO 8601 UTC. */
  now: string;
}

/**
 * What one account can be asked to do. A transfer is two commands, one per account
 * (`send_transfer` on the payer, `receive_transfer` on the payee), appended together; so is a
 * fee leg: the fee account receives it as a `receive_transfer` of kind `fee` from the payer.
 */
export type AccountCommand =
  | { type: 'credit_funds'; data: Movement }
  | { type: 'debit_funds'; data: Charged }
  | { type: 'place_hold'; data: Charged & { hold_id: string } }
  | { type: 'post_hold'; data: HoldEnd }
  | { type: 'release_hold'; data: HoldEnd }
  | { type: 'send_transfer'; data: Movement & { to_account_id: string } }
  | { type: 'receive_transfer'; data: Movement & { from_account_id: string } }
  | { type: 'swap_assets'; data: SwapRequest };

export function streamOf(account_id: string): string {
  return `account-${account_id}`;
}
