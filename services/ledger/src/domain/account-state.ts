import { ASSET_CODES, Money, type Asset } from '@platform/money';
import type { AccountCommand, LedgerEvent, LedgerEventType } from './account-events';

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
}

/** An applied operation: what it asked for (to tell a replay from a conflict) and what moved. */
export interface RecordedOperation {
  intent: string;
  moved: MovedFunds;
}

export interface AccountState {
  balances: Readonly<Record<Asset, AssetBalance>>;
  holds: ReadonlyMap<string, Hold>;
  operations: ReadonlyMap<string, RecordedOperation>;
}

export function initialAccountState(): AccountState {
  const balances = Object.fromEntries(
    ASSET_CODES.map((asset) => [asset, { available: Money.zero(asset), held: Money.zero(asset) }]),
  ) as Record<Asset, AssetBalance>;
  return { balances, holds: new Map(), operations: new Map() };
}

/**
 * The request an operation stands for, in one canonical string: the same operation_id with the
 * same intent is a replay, with another intent a conflict. Amounts are in wire form, so `10` and
 * `10.00` USD are the same request.
 */
export function intentOf(command: AccountCommand): string {
  switch (command.type) {
    case 'credit_funds':
    case 'debit_funds': {
      const { amount, kind, reference_id } = command.data;
      return [command.type, amount.asset, amount, kind, reference_id].join('|');
    }
    case 'place_hold': {
      const { amount, kind, reference_id, hold_id } = command.data;
      return [command.type, hold_id, amount.asset, amount, kind, reference_id].join('|');
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
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The intent an event records: the inverse of `intentOf` for the command that produced it. */
function intentOfEvent(event: LedgerEvent): string {
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
      return to === undefined
        ? ['debit_funds', asset, amount, kind, reference_id].join('|')
        : ['send_transfer', to, asset, amount, kind, reference_id].join('|');
    }
    case 'ledger.hold_placed':
      return ['place_hold', event.data.hold_id, asset, amount, kind, reference_id].join('|');
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

export interface BalanceChange {
  available: Money<Asset>;
  held: Money<Asset>;
}

/** How an event changes the available and held parts of its asset; the total is their sum. */
export function balanceChangeOf(event: LedgerEvent): BalanceChange {
  const amount = Money.parse(event.data.asset, event.data.amount);
  const zero = Money.zero(event.data.asset);
  switch (event.type) {
    case 'ledger.funds_credited':
      return { available: amount, held: zero };
    case 'ledger.funds_debited':
      return { available: amount.negate(), held: zero };
    case 'ledger.hold_placed':
      return { available: amount.negate(), held: amount };
    case 'ledger.hold_posted':
      return { available: zero, held: amount.negate() };
    case 'ledger.hold_released':
      return { available: amount, held: amount.negate() };
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
};

function evolveHolds(
  holds: ReadonlyMap<string, Hold>,
  event: LedgerEvent,
): ReadonlyMap<string, Hold> {
  const status = HOLD_STATUS_AFTER[event.type];
  if (status === null || !('hold_id' in event.data)) return holds;
  const { hold_id, asset, amount, kind, reference_id } = event.data;
  const placed = holds.get(hold_id);
  const next = new Map(holds);
  next.set(
    hold_id,
    placed
      ? { ...placed, status }
      : { hold_id, amount: Money.parse(asset, amount), status, kind, reference_id },
  );
  return next;
}

function movedFunds(event: LedgerEvent, balance: AssetBalance): MovedFunds {
  const { account_id, asset, amount, kind, reference_id } = event.data;
  const moved: MovedFunds = {
    type: event.type,
    account_id,
    asset,
    amount,
    available_after: balance.available.toString(),
    held_after: balance.held.toString(),
    total_after: balance.available.add(balance.held).toString(),
    kind,
    reference_id,
  };
  if ('hold_id' in event.data) moved.hold_id = event.data.hold_id;
  if ('counterparty_account_id' in event.data && event.data.counterparty_account_id) {
    moved.counterparty_account_id = event.data.counterparty_account_id;
  }
  return moved;
}

export function evolve(state: AccountState, event: LedgerEvent): AccountState {
  const asset = event.data.asset;
  const change = balanceChangeOf(event);
  const before = state.balances[asset];
  const after: AssetBalance = {
    available: before.available.add(change.available),
    held: before.held.add(change.held),
  };
  const operations = new Map(state.operations);
  operations.set(event.data.operation_id, {
    intent: intentOfEvent(event),
    moved: movedFunds(event, after),
  });
  return {
    balances: { ...state.balances, [asset]: after },
    holds: evolveHolds(state.holds, event),
    operations,
  };
}

export function foldAccount(events: readonly LedgerEvent[]): AccountState {
  return events.reduce(evolve, initialAccountState());
}
