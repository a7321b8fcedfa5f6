import { List, Map as PersistentMap } from 'immutable';
import { ASSET_CODES, Money, type Asset } from '@platform/money';
import type { AccountCommand, FeeLeg, LedgerEvent, LedgerEventType } from './account-events';
import { isVolatileSwap } from './swap-pricing';

export interface AssetBalance {
  available: Money<Asset>;
  held: Money<Asset>;
}

export type HoldStatus = 'placed' | 'posted' | 'released';

export interface Hold {
  hold_id: string;
  amount: Money<Asset>;
  status: HoldStatus;
  kind: string;
  reference_id: string;
  /** Set aside beside `amount`; credited to its fee account on post, returned on release. */
  fee: FeeLeg | null;
  /** Its statement text, when the placing service gave one. */
  description: string | null;
}

/** What one operation moved on this account, as its reply tells it (also when replayed). */
export interface MovedFunds {
  type: LedgerEventType;
  account_id: string;
  asset: Asset;
  amount: string;
  available_after: string;
  held_after: string;
  total_after: string;
  kind: string;
  reference_id: string;
  hold_id?: string;
  counterparty_account_id?: string;
  /** For a swap: which side of the exchange this movement is. */
  leg?: 'from' | 'to';
}

/** An applied operation: what it asked for (to tell a replay from a conflict) and what moved. */
export interface RecordedOperation {
  intent: string;
  /**
   * One movement per leg: two for a swap (the from leg first) or for an amount with its fee
   * (the fee leg second), and the fee account's credit after the payer's legs.
   */
  moved: MovedFunds[];
}

/** A swap that gave or received a volatile asset, kept while it counts for the 24-hour limit. */
export interface VolatileSwap {
  executed_at_ms: number;
  usd_value: Money<'USD'>;
}

/** The kind of every fee leg, in replies, movements and statements. */
export const FEE_KIND = 'fee';

export const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How many of an account's operations, and of its ended holds, its state keeps by default. An
 * operation is about 2 kB: keeping all of them grew a busy account by that much per operation,
 * without bound. An older operation_id or hold id is recalled from the account's stream when it
 * comes again (see `LedgerCommands`).
 */
export const OPERATIONS_KEPT = 1_000;

/**
 * Persistent maps (structural sharing) let `evolve` return a new state in O(log n), where copying
 * a Map per event cost O(history).
 */
export interface AccountState {
  balances: Readonly<Record<Asset, AssetBalance>>;
  /** Every open hold, and the ended ones of `ended_hold_order`. */
  holds: PersistentMap<string, Hold>;
  /** The ids of the ended holds in `holds`, oldest first: trimmed as `operation_order` is. */
  ended_hold_order: List<string>;
  /**
   * The operations applied (or recalled), by operation_id: the last `operations_kept` once
   * trimmed (`withOperationsTrimmed`), and those decided on this state since.
   */
  operations: PersistentMap<string, RecordedOperation>;
  /** The ids of `operations`, oldest first, the order in which trimming drops them. */
  operation_order: List<string>;
  /** How many operations, and how many ended holds, trimming keeps. */
  operations_kept: number;
  volatile_swaps: readonly VolatileSwap[];
}

export function initialAccountState(operations_kept = OPERATIONS_KEPT): AccountState {
  if (!Number.isSafeInteger(operations_kept) || operations_kept < 1) {
    throw new Error(`operations_kept must be a positive integer, not ${operations_kept}`);
  }
  const balances = Object.fromEntries(
    ASSET_CODES.map((asset) => [asset, { available: Money.zero(asset), held: Money.zero(asset) }]),
  ) as Record<Asset, AssetBalance>;
  return {
    balances,
    holds: PersistentMap(),
    ended_hold_order: List(),
    operations: PersistentMap(),
    operation_order: List(),
    operations_kept,
    volatile_swaps: [],
  };
}

type KeptOperations = Pick<AccountState, 'operations' | 'operation_order'>;

/** The kept operations with `operation` as the newest. */
function keepOperation(
  state: AccountState,
  operation_id: string,
  operation: RecordedOperation,
): KeptOperations {
  const known = state.operations.has(operation_id);
  return {
    operations: state.operations.set(operation_id, operation),
    operation_order: known ? state.operation_order : state.operation_order.push(operation_id),
  };
}

/**
 * The state with an operation the stream recorded before its kept ones, so that `decide` tells a
 * replay of it from a conflict as it does for a recent one.
 */
export function withRecalledOperation(
  state: AccountState,
  operation_id: string,
  operation: RecordedOperation,
): AccountState {
  return { ...state, ...keepOperation(state, operation_id, operation) };
}

/**
 * The state with a hold the stream recorded (see `holdOfEvents`) that it no longer keeps, so that
 * `decide` finds it ended, or a placed one's id taken, as it does for a recent one.
 */
export function withRecalledHold(state: AccountState, hold: Hold): AccountState {
  const known = state.holds.has(hold.hold_id);
  const ended = hold.status !== 'placed' && !known;
  return {
    ...state,
    holds: state.holds.set(hold.hold_id, hold),
    ended_hold_order: ended ? state.ended_hold_order.push(hold.hold_id) : state.ended_hold_order,
  };
}

/** The hold that a hold's stored events (its placing, then its end if any) describe. */
export function holdOfEvents(hold_id: string, events: readonly LedgerEvent[]): Hold | undefined {
  return events.reduce(evolveHolds, PersistentMap<string, Hold>()).get(hold_id);
}

/** `order` without its oldest `excess` ids, and `entries` without them. */
function dropOldest<T>(entries: PersistentMap<string, T>, order: List<string>, kept: number) {
  const excess = order.size - kept;
  if (excess <= 0) return { entries, order };
  return {
    entries: entries.deleteAll(order.slice(0, excess)),
    order: order.skip(excess).toList(),
  };
}

/**
 * The state without its oldest operations and ended holds beyond `operations_kept` of each. Never
 * done by `evolve`: a handler that decides several operations on one state (a group of transfers
 * to one payee) must still find an operation that comes twice among them, so it trims only the
 * state it keeps. Open holds are never trimmed.
 */
export function withOperationsTrimmed(state: AccountState): AccountState {
  const kept = state.operations_kept;
  if (state.operation_order.size <= kept && state.ended_hold_order.size <= kept) return state;
  const operations = dropOldest(state.operations, state.operation_order, kept);
  const holds = dropOldest(state.holds, state.ended_hold_order, kept);
  return {
    ...state,
    operations: operations.entries,
    operation_order: operations.order,
    holds: holds.entries,
    ended_hold_order: holds.order,
  };
}

/**
 * The request an operation stands for, in one canonical string: the same operation_id with the
 * same intent is a replay, with another intent a conflict. Amounts are in wire form, so `10` and
 * `10.00` USD are the same request.
 */
export function intentOf(command: AccountCommand): string {
  switch (command.type) {
    case 'credit_funds': {
      const { amount, kind, reference_id } = command.data;
      return [command.type, amount.asset, amount, kind, reference_id].join('|');
    }
    case 'debit_funds': {
      const { amount, kind, reference_id, fee } = command.data;
      return [command.type, amount.asset, amount, kind, reference_id, ...feeIntent(fee)].join('|');
    }
    case 'place_hold': {
      const { amount, kind, reference_id, hold_id, fee } = command.data;
      const parts = [command.type, hold_id, amount.asset, amount, kind, reference_id];
      return [...parts, ...feeIntent(fee)].join('|');
    }
    case 'post_hold':
    case 'release_hold':
      return [command.type, command.data.hold_id].join('|');
    case 'send_transfer': {
      const { amount, kind, reference_id, to_account_id } = command.data;
      return [command.type, to_account_id, amount.asset, amount, kind, reference_id].join('|');
    }
    case 'receive_transfer': {
      const { amount, kind, reference_id, from_account_id } = command.data;
      return [command.type, from_account_id, amount.asset, amount, kind, reference_id].join('|');
    }
    case 'swap_assets': {
      const { amount, to_asset, reference_id } = command.data;
      return [command.type, amount.asset, to_asset, amount, reference_id].join('|');
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** A fee leg is part of the request; an operation without one keeps its intent of before. */
function feeIntent(fee: FeeLeg | { amount: string; account_id: string } | undefined): string[] {
  return fee ? [fee.amount.toString(), fee.account_id] : [];
}

function feeOfEvent(data: { fee?: string; fee_account_id?: string }) {
  return data.fee && data.fee_account_id
    ? { amount: data.fee, account_id: data.fee_account_id }
    : undefined;
}

/** The intent an event records: the inverse of `intentOf` for the command that produced it. */
function intentOfEvent(event: LedgerEvent): string {
  if (event.type === 'ledger.assets_swapped') {
    const { from_asset, to_asset, from_amount, reference_id } = event.data;
    return ['swap_assets', from_asset, to_asset, from_amount, reference_id].join('|');
  }
  const { asset, amount, kind, reference_id } = event.data;
  switch (event.type) {
    case 'ledger.funds_credited': {
      const from = event.data.counterparty_account_id;
      return from === undefined
        ? ['credit_funds', asset, amount, kind, reference_id].join('|')
        : ['receive_transfer', from, asset, amount, kind, reference_id].join('|');
    }
    case 'ledger.funds_debited': {
      const to = event.data.counterparty_account_id;
      const fee = feeIntent(feeOfEvent(event.data));
      return to === undefined
        ? ['debit_funds', asset, amount, kind, reference_id, ...fee].join('|')
        : ['send_transfer', to, asset, amount, kind, reference_id].join('|');
    }
    case 'ledger.hold_placed': {
      const fee = feeIntent(feeOfEvent(event.data));
      const parts = ['place_hold', event.data.hold_id, asset, amount, kind, reference_id];
      return [...parts, ...fee].join('|');
    }
    case 'ledger.hold_posted':
      return ['post_hold', event.data.hold_id].join('|');
    case 'ledger.hold_released':
      return ['release_hold', event.data.hold_id].join('|');
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

/** How an event changes the available and held parts of one asset; the total is their sum. */
export interface BalanceChange {
  asset: Asset;
  available: Money<Asset>;
  held: Money<Asset>;
  /** For a swap: which side of the exchange this change is. */
  leg?: 'from' | 'to';
  /** The kind of this change when it is not the event's: `fee` for a fee leg. */
  kind?: string;
}

/**
 * The changes an event makes: one per asset it touches (two for a swap, from leg first), and a
 * second one in the same asset for a fee leg.
 */
export function balanceChangesOf(event: LedgerEvent): BalanceChange[] {
  if (event.type === 'ledger.assets_swapped') {
    const { from_asset, from_amount, to_asset, to_amount } = event.data;
    return [
      {
        asset: from_asset,
        available: Money.parseStored(from_asset, from_amount).negate(),
        held: Money.zero(from_asset),
        leg: 'from',
      },
      {
        asset: to_asset,
        available: Money.parseStored(to_asset, to_amount),
        held: Money.zero(to_asset),
        leg: 'to',
      },
    ];
  }
  if (event.type === 'ledger.funds_credited') {
    const asset = event.data.asset;
    return [
      { asset, available: Money.parseStored(asset, event.data.amount), held: Money.zero(asset) },
    ];
  }
  const asset = event.data.asset;
  const legs: { amount: Money<Asset>; kind?: string }[] = [
    { amount: Money.parseStored(asset, event.data.amount) },
  ];
  const fee = event.data.fee;
  if (fee !== undefined) legs.push({ amount: Money.parseStored(asset, fee), kind: FEE_KIND });
  const zero = Money.zero(asset);
  const change = (available: Money<Asset>, held: Money<Asset>, kind?: string): BalanceChange =>
    kind === undefined ? { asset, available, held } : { asset, available, held, kind };
  switch (event.type) {
    case 'ledger.funds_debited':
      return legs.map((leg) => change(leg.amount.negate(), zero, leg.kind));
    case 'ledger.hold_placed':
      return legs.map((leg) => change(leg.amount.negate(), leg.amount, leg.kind));
    case 'ledger.hold_posted':
      return legs.map((leg) => change(zero, leg.amount.negate(), leg.kind));
    case 'ledger.hold_released':
      return legs.map((leg) => change(leg.amount, leg.amount.negate(), leg.kind));
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

const HOLD_STATUS_AFTER: Record<LedgerEventType, HoldStatus | null> = {
  'ledger.funds_credited': null,
  'ledger.funds_debited': null,
  'ledger.hold_placed': 'placed',
  'ledger.hold_posted': 'posted',
  'ledger.hold_released': 'released',
  'ledger.assets_swapped': null,
};

function evolveHolds(
  holds: PersistentMap<string, Hold>,
  event: LedgerEvent,
): PersistentMap<string, Hold> {
  const status = HOLD_STATUS_AFTER[event.type];
  if (status === null || !('hold_id' in event.data)) return holds;
  const { hold_id, asset, amount, kind, reference_id, fee, fee_account_id, description } =
    event.data;
  const placed = holds.get(hold_id);
  const fee_leg =
    fee !== undefined && fee_account_id !== undefined
      ? { amount: Money.parseStored(asset, fee), account_id: fee_account_id }
      : null;
  return holds.set(
    hold_id,
    placed
      ? { ...placed, status }
      : {
          hold_id,
          amount: Money.parseStored(asset, amount),
          status,
          kind,
          reference_id,
          fee: fee_leg,
          description: description ?? null,
        },
  );
}

/** A hold that ends joins the ended holds, newest last. */
function evolveEndedHolds(order: List<string>, event: LedgerEvent): List<string> {
  const status = HOLD_STATUS_AFTER[event.type];
  if (status === null || status === 'placed' || !('hold_id' in event.data)) return order;
  return order.push(event.data.hold_id);
}

/** Volatile swaps still inside the 24-hour window that ends at the newest one. */
function evolveVolatileSwaps(swaps: readonly VolatileSwap[], event: LedgerEvent) {
  if (event.type !== 'ledger.assets_swapped') return swaps;
  const { from_asset, to_asset, executed_at, usd_value } = event.data;
  if (!isVolatileSwap(from_asset, to_asset)) return swaps;
  const executed_at_ms = Date.parse(executed_at);
  const recent = swaps.filter((swap) => swap.executed_at_ms > executed_at_ms - DAILY_WINDOW_MS);
  return [...recent, { executed_at_ms, usd_value: Money.parseSigned('USD', usd_value) }];
}

function movedFunds(event: LedgerEvent, change: BalanceChange, after: AssetBalance): MovedFunds {
  const { account_id, kind, reference_id } = event.data;
  const moved: MovedFunds = {
    type: event.type,
    account_id,
    asset: change.asset,
    amount: (change.available.isZero() ? change.held : change.available).abs().toString(),
    available_after: after.available.toString(),
    held_after: after.held.toString(),
    total_after: after.available.add(after.held).toString(),
    kind: change.kind ?? kind,
    reference_id,
  };
  if ('hold_id' in event.data) moved.hold_id = event.data.hold_id;
  if ('counterparty_account_id' in event.data && event.data.counterparty_account_id) {
    moved.counterparty_account_id = event.data.counterparty_account_id;
  }
  if (change.leg) moved.leg = change.leg;
  return moved;
}

export function evolve(state: AccountState, event: LedgerEvent): AccountState {
  const balances: Record<Asset, AssetBalance> = { ...state.balances };
  const moved: MovedFunds[] = [];
  for (const change of balanceChangesOf(event)) {
    const before = balances[change.asset];
    const after: AssetBalance = {
      available: before.available.add(change.available),
      held: before.held.add(change.held),
    };
    balances[change.asset] = after;
    moved.push(movedFunds(event, change, after));
  }
  const operation = { intent: intentOfEvent(event), moved };
  return {
    balances,
    holds: evolveHolds(state.holds, event),
    ended_hold_order: evolveEndedHolds(state.ended_hold_order, event),
    ...keepOperation(state, event.data.operation_id, operation),
    operations_kept: state.operations_kept,
    volatile_swaps: evolveVolatileSwaps(state.volatile_swaps, event),
  };
}

export function foldAccount(events: readonly LedgerEvent[]): AccountState {
  return events.reduce(evolve, initialAccountState());
}
