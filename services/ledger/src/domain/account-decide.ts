import { DomainError } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import type { AccountCommand, FeeLeg, LedgerEvent, SwapRequest } from './account-events';
import { DAILY_WINDOW_MS, FEE_KIND, intentOf, type AccountState, type Hold } from './account-state';
import { isVolatileSwap, quoteSwap, type SwapLimits } from './swap-pricing';

/**
 * The account's rules: what the command changes, as events, or a typed refusal. An operation_id
 * already applied with the same intent decides nothing new (the caller replies with what it
 * moved then); with another intent it is `idempotency_conflict`.
 */
export function decide(command: AccountCommand, state: AccountState): LedgerEvent[] {
  const recorded = state.operations.get(command.data.operation_id);
  if (recorded) {
    if (recorded.intent === intentOf(command)) return [];
    throw new DomainError(
      'idempotency_conflict',
      `operation ${command.data.operation_id} was already used for another request`,
    );
  }
  switch (command.type) {
    case 'credit_funds':
      return [credited(state, command.data)];
    case 'debit_funds':
      return [debited(state, command.data)];
    case 'send_transfer':
      if (command.data.to_account_id === command.data.account_id) {
        throw new DomainError('self_transfer', 'cannot transfer to the same account');
      }
      return [debited(state, command.data, command.data.to_account_id)];
    case 'receive_transfer':
      return [credited(state, command.data, command.data.from_account_id)];
    case 'place_hold':
      return [placeHold(state, command.data)];
    case 'post_hold': {
      const hold = openHold(state, command.data.hold_id);
      const balance = state.balances[hold.amount.asset];
      return [
        {
          type: 'ledger.hold_posted',
          data: {
            ...holdFields(command.data, hold),
            available_after: balance.available.toString(),
            held_after: balance.held.subtract(heldTotal(hold)).toString(),
          },
        },
      ];
    }
    case 'release_hold': {
      const hold = openHold(state, command.data.hold_id);
      const balance = state.balances[hold.amount.asset];
      return [
        {
          type: 'ledger.hold_released',
          data: {
            ...holdFields(command.data, hold),
            available_after: balance.available.add(heldTotal(hold)).toString(),
            held_after: balance.held.subtract(heldTotal(hold)).toString(),
          },
        },
      ];
    }
    case 'swap_assets':
      return [swapped(state, command.data)];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The fee account's side of an operation with a fee leg: a `receive_transfer` of kind `fee` from
 * the payer, appended with the payer's events. For a post, the fee is the hold's (known once the
 * hold is placed, so a replayed post finds the same one); null when there is no fee to credit.
 */
export function feeCreditFor(command: AccountCommand, payer: AccountState): AccountCommand | null {
  const fee = feeOf(command, payer);
  if (!fee) return null;
  return {
    type: 'receive_transfer',
    data: {
      account_id: fee.leg.account_id,
      operation_id: command.data.operation_id,
      amount: fee.leg.amount,
      kind: FEE_KIND,
      reference_id: fee.reference_id,
      from_account_id: command.data.account_id,
    },
  };
}

function feeOf(
  command: AccountCommand,
  payer: AccountState,
): { leg: FeeLeg; reference_id: string } | null {
  switch (command.type) {
    case 'debit_funds':
      return command.data.fee
        ? { leg: command.data.fee, reference_id: command.data.reference_id }
        : null;
    case 'post_hold': {
      const hold = payer.holds.get(command.data.hold_id);
      return hold?.fee ? { leg: hold.fee, reference_id: hold.reference_id } : null;
    }
    case 'credit_funds':
    case 'place_hold':
    case 'release_hold':
    case 'send_transfer':
    case 'receive_transfer':
    case 'swap_assets':
      return null;
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function swapped(state: AccountState, request: SwapRequest): LedgerEvent {
  const quote = quoteSwap(request.amount, request.to_asset, request.rates);
  if (isVolatileSwap(request.amount.asset, request.to_asset)) {
    requireWithinLimits(state, quote.usd_value, request.limits, request.now);
  }
  const from_available = spendable(state, quote.from_amount);
  const to_available = state.balances[request.to_asset].available;
  return {
    type: 'ledger.assets_swapped',
    data: {
      account_id: request.account_id,
      operation_id: request.operation_id,
      from_asset: quote.from_amount.asset,
      from_amount: quote.from_amount.toString(),
      from_balance_after: from_available.subtract(quote.from_amount).toString(),
      to_asset: request.to_asset,
      to_amount: quote.to_amount.toString(),
      to_balance_after: to_available.add(quote.to_amount).toString(),
      from_usd_per_unit: quote.from_usd_per_unit,
      to_usd_per_unit: quote.to_usd_per_unit,
      usd_value: quote.usd_value.toString(),
      executed_at: request.now,
      kind: 'swap',
      reference_id: request.reference_id,
    },
  };
}

/** Volatile swaps are capped per operation and over the last 24 hours, valued in USD. */
function requireWithinLimits(
  state: AccountState,
  usd_value: Money<'USD'>,
  limits: SwapLimits,
  now: string,
): void {
  if (usd_value.gt(limits.per_operation_usd)) {
    throw new DomainError(
      'settlement_limit_exceeded',
      `a swap of ${usd_value.toString()} USD is above the per-operation limit of ${limits.per_operation_usd.toString()} USD`,
    );
  }
  const window_start_ms = Date.parse(now) - DAILY_WINDOW_MS;
  const used = state.volatile_swaps
    .filter((swap) => swap.executed_at_ms > window_start_ms)
    .reduce((sum, swap) => sum.add(swap.usd_value), Money.zero('USD'));
  if (used.add(usd_value).gt(limits.daily_usd)) {
    throw new DomainError(
      'settlement_daily_limit_exceeded',
      `${used.toString()} USD already swapped in 24 hours; the limit is ${limits.daily_usd.toString()} USD`,
    );
  }
}

interface MovementData {
  account_id: string;
  operation_id: string;
  amount: Money<Asset>;
  kind: string;
  reference_id: string;
  effective_at?: string;
  description?: string;
  fee?: FeeLeg;
}

function movementFields(data: MovementData, counterparty_account_id: string | undefined) {
  return {
    account_id: data.account_id,
    operation_id: data.operation_id,
    asset: data.amount.asset,
    amount: data.amount.toString(),
    kind: data.kind,
    reference_id: data.reference_id,
    ...(counterparty_account_id === undefined ? {} : { counterparty_account_id }),
    ...(data.effective_at === undefined ? {} : { effective_at: data.effective_at }),
    ...(data.description === undefined ? {} : { description: data.description }),
  };
}

function credited(state: AccountState, data: MovementData, from?: string): LedgerEvent {
  const available = state.balances[data.amount.asset].available;
  return {
    type: 'ledger.funds_credited',
    data: { ...movementFields(data, from), balance_after: available.add(data.amount).toString() },
  };
}

function debited(state: AccountState, data: MovementData, to?: string): LedgerEvent {
  const total = chargedTotal(data);
  const available = spendable(state, total);
  return {
    type: 'ledger.funds_debited',
    data: {
      ...movementFields(data, to),
      ...feeFields(data.fee),
      balance_after: available.subtract(total).toString(),
    },
  };
}

function placeHold(state: AccountState, data: MovementData & { hold_id: string }): LedgerEvent {
  if (state.holds.has(data.hold_id)) {
    throw new DomainError('duplicate', `hold ${data.hold_id} already exists`);
  }
  const total = chargedTotal(data);
  const available = spendable(state, total);
  const held = state.balances[data.amount.asset].held;
  return {
    type: 'ledger.hold_placed',
    data: {
      ...movementFields(data, undefined),
      hold_id: data.hold_id,
      ...feeFields(data.fee),
      available_after: available.subtract(total).toString(),
      held_after: held.add(total).toString(),
    },
  };
}

/** The amount and its fee leg: what must fit in the available balance. */
function chargedTotal(data: MovementData): Money<Asset> {
  if (!data.fee) return data.amount;
  if (data.fee.amount.asset !== data.amount.asset) {
    throw new DomainError('invalid_request', 'a fee is charged in the asset of the amount');
  }
  if (data.fee.account_id === data.account_id) {
    throw new DomainError('invalid_request', 'an account cannot be its own fee account');
  }
  return data.amount.add(data.fee.amount);
}

function feeFields(fee: FeeLeg | null | undefined) {
  return fee ? { fee: fee.amount.toString(), fee_account_id: fee.account_id } : {};
}

/** What a hold set aside: its amount and its fee leg. */
function heldTotal(hold: Hold): Money<Asset> {
  return hold.fee ? hold.amount.add(hold.fee.amount) : hold.amount;
}

/** The available balance, when it covers `amount`: nothing ever takes it below zero. */
function spendable(state: AccountState, amount: Money<Asset>): Money<Asset> {
  const available = state.balances[amount.asset].available;
  if (available.lt(amount)) {
    throw new DomainError(
      'insufficient_funds',
      `available ${amount.asset} balance ${available.toString()} is below ${amount.toString()}`,
    );
  }
  return available;
}

function openHold(state: AccountState, hold_id: string): Hold {
  const hold = state.holds.get(hold_id);
  if (!hold) throw new DomainError('not_found', `hold ${hold_id} not found`);
  if (hold.status !== 'placed') {
    throw new DomainError('already_decided', `hold ${hold_id} is already ${hold.status}`);
  }
  return hold;
}

function holdFields(
  data: { account_id: string; operation_id: string; hold_id: string },
  hold: Hold,
) {
  return {
    account_id: data.account_id,
    operation_id: data.operation_id,
    hold_id: hold.hold_id,
    asset: hold.amount.asset,
    amount: hold.amount.toString(),
    kind: hold.kind,
    reference_id: hold.reference_id,
    ...feeFields(hold.fee),
    ...(hold.description === null ? {} : { description: hold.description }),
  };
}
