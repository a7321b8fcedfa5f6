import { DomainError } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import { decide } from './account-decide';
import type { AccountCommand } from './account-events';
import { evolve, initialAccountState, type AccountState } from './account-state';
import { quoteSwap, type RateTable, type SwapLimits } from './swap-pricing';

const ACCOUNT = 'acc-1';
const NOW = '2026-01-10T12:00:00.000Z';

const RATES: RateTable = {
  usd_per_unit: {
    USD: '1',
    USDT: '1.002',
    USDC: '1',
    BTC: '65000',
    GOLD: '75.50',
    SILVER: '0.95',
    PLATINUM: '31.20',
  },
  per_usd: {},
};

const LIMITS: SwapLimits = {
  per_operation_usd: Money.parse('USD', '10000'),
  daily_usd: Money.parse('USD', '15000'),
};

function credit(asset: Asset, amount: string, operation_id = `fund-${asset}`): AccountCommand {
  return {
    type: 'credit_funds',
    data: {
      account_id: ACCOUNT,
      operation_id,
      amount: Money.parse(asset, amount),
      kind: 'payin',
      reference_id: operation_id,
    },
  };
}

function swap(
  operation_id: string,
  from: Asset,
  to: Asset,
  amount: string,
  now = NOW,
): AccountCommand {
  return {
    type: 'swap_assets',
    data: {
      account_id: ACCOUNT,
      operation_id,
      amount: Money.parse(from, amount),
      to_asset: to,
      reference_id: operation_id,
      rates: RATES,
      limits: LIMITS,
      now,
    },
  };
}

function run(commands: AccountCommand[], state = initialAccountState()): AccountState {
  return commands.reduce(
    (current, command) => decide(command, current).reduce(evolve, current),
    state,
  );
}

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

function available(state: AccountState, asset: Asset): string {
  return state.balances[asset].available.toString();
}

describe('swap pricing', () => {
  it('prices USD and USDT 1:1 whatever the table says', () => {
    const quote = quoteSwap(Money.parse('USD', '10.25'), 'USDT', RATES);
    expect(quote.to_amount.toString()).toBe('10.250000');
    expect(quote.from_usd_per_unit).toBe('1');
    expect(quote.to_usd_per_unit).toBe('1');
    expect(quoteSwap(Money.parse('USDT', '7.123456'), 'USD', RATES).to_amount.toString()).toBe(
      '7.12',
    );
  });

  it('rounds down what the client receives', () => {
    // 100 / 65000 = 0.00153846153...: the client gets 0.00153846, never 0.00153847.
    expect(quoteSwap(Money.parse('USD', '100'), 'BTC', RATES).to_amount.toString()).toBe(
      '0.00153846',
    );
    // 0.00000001 BTC = 0.00065 USD: 0.00 when rounded down, refused below.
    expect(quoteSwap(Money.parse('BTC', '0.00001'), 'USD', RATES).to_amount.toString()).toBe(
      '0.65',
    );
    // 1 USDC at 1 USD into USDT priced 1.002: 0.998003992... USDT, down to 0.998003.
    expect(quoteSwap(Money.parse('USDC', '1'), 'USDT', RATES).to_amount.toString()).toBe(
      '0.998003',
    );
  });

  it('is exact where the cross rate has no finite decimal form', () => {
    expect(quoteSwap(Money.parse('USD', '65000'), 'BTC', RATES).to_amount.toString()).toBe(
      '1.00000000',
    );
    const gold = quoteSwap(Money.parse('BTC', '1'), 'GOLD', RATES);
    // 65000 / 75.50 = 860.927152317...
    expect(gold.to_amount.toString()).toBe('860.927152');
    expect(gold.usd_value.toString()).toBe('65000.00');
  });

  it('values the given amount in USD, rounded down to cents', () => {
    expect(quoteSwap(Money.parse('SILVER', '1.234567'), 'USD', RATES).usd_value.toString()).toBe(
      '1.17',
    );
  });

  it.each([
    ['BOB', 'USD'],
    ['USD', 'MXN'],
    ['ARS', 'BTC'],
    ['USD', 'USD'],
    ['GOLD', 'GOLD'],
  ] as const)('refuses %s to %s with invalid_pair', (from, to) => {
    expect(refusal(() => quoteSwap(Money.parse(from, '10'), to, RATES))).toBe('invalid_pair');
  });

  it('refuses an amount that converts to zero with amount_too_small', () => {
    expect(refusal(() => quoteSwap(Money.parse('BTC', '0.00000001'), 'USD', RATES))).toBe(
      'amount_too_small',
    );
    expect(quoteSwap(Money.parse('USD', '0.01'), 'BTC', RATES).to_amount.toString()).toBe(
      '0.00000015',
    );
  });
});

describe('ledger account: swaps', () => {
  it('moves both legs in one event, with both balances after', () => {
    const state = run([credit('USD', '1000')]);
    const events = decide(swap('sw-1', 'USD', 'BTC', '650'), state);
    expect(events).toEqual([
      {
        type: 'ledger.assets_swapped',
        data: {
          account_id: ACCOUNT,
          operation_id: 'sw-1',
          from_asset: 'USD',
          from_amount: '650.00',
          from_balance_after: '350.00',
          to_asset: 'BTC',
          to_amount: '0.01000000',
          to_balance_after: '0.01000000',
          from_usd_per_unit: '1',
          to_usd_per_unit: '65000',
          usd_value: '650.00',
          executed_at: NOW,
          kind: 'swap',
          reference_id: 'sw-1',
        },
      },
    ]);
    const after = events.reduce(evolve, state);
    expect(available(after, 'USD')).toBe('350.00');
    expect(available(after, 'BTC')).toBe('0.01000000');
    expect(after.operations.get('sw-1')?.moved.map((moved) => [moved.leg, moved.amount])).toEqual([
      ['from', '650.00'],
      ['to', '0.01000000'],
    ]);
  });

  it('refuses a swap above the available balance, holds included', () => {
    const state = run([
      credit('USDT', '10'),
      {
        type: 'place_hold',
        data: {
          account_id: ACCOUNT,
          operation_id: 'h-1',
          hold_id: 'h-1',
          amount: Money.parse('USDT', '5'),
          kind: 'payout',
          reference_id: 'h-1',
        },
      },
    ]);
    expect(refusal(() => decide(swap('sw-1', 'USDT', 'USD', '5.000001'), state))).toBe(
      'insufficient_funds',
    );
    expect(decide(swap('sw-2', 'USDT', 'USD', '5'), state)).toHaveLength(1);
  });

  it('replays the same operation, and refuses it with another payload', () => {
    const state = run([credit('USD', '100'), swap('sw-1', 'USD', 'USDC', '10')]);
    expect(decide(swap('sw-1', 'USD', 'USDC', '10.00'), state)).toEqual([]);
    expect(refusal(() => decide(swap('sw-1', 'USD', 'USDC', '11'), state))).toBe(
      'idempotency_conflict',
    );
    expect(refusal(() => decide(swap('sw-1', 'USD', 'USDT', '10'), state))).toBe(
      'idempotency_conflict',
    );
  });

  it('does not limit swaps among stable assets', () => {
    const state = run([credit('USD', '100000')]);
    expect(decide(swap('sw-1', 'USD', 'USDT', '60000'), state)).toHaveLength(1);
  });

  it('limits a volatile swap per operation, either side', () => {
    const state = run([credit('USD', '100000'), credit('BTC', '1')]);
    expect(refusal(() => decide(swap('sw-1', 'USD', 'GOLD', '10000.01'), state))).toBe(
      'settlement_limit_exceeded',
    );
    // 0.2 BTC = 13000 USD.
    expect(refusal(() => decide(swap('sw-2', 'BTC', 'USDC', '0.2'), state))).toBe(
      'settlement_limit_exceeded',
    );
    expect(decide(swap('sw-3', 'USD', 'GOLD', '10000'), state)).toHaveLength(1);
  });

  it('limits volatile swaps over 24 hours, and forgets them after', () => {
    const state = run([
      credit('USD', '100000'),
      swap('sw-1', 'USD', 'BTC', '10000', '2026-01-10T00:00:00.000Z'),
      swap('sw-2', 'USD', 'SILVER', '4000', '2026-01-10T06:00:00.000Z'),
    ]);
    expect(refusal(() => decide(swap('sw-3', 'USD', 'PLATINUM', '1000.01'), state))).toBe(
      'settlement_daily_limit_exceeded',
    );
    expect(decide(swap('sw-4', 'USD', 'PLATINUM', '1000'), state)).toHaveLength(1);
    // 24 hours after the first swap it no longer counts: 4000 used of 15000.
    const next_day = '2026-01-11T00:00:00.000Z';
    expect(decide(swap('sw-5', 'USD', 'BTC', '10000', next_day), state)).toHaveLength(1);
    expect(
      refusal(() => decide(swap('sw-6', 'USD', 'BTC', '6500', '2026-01-10T23:59:59.000Z'), state)),
    ).toBe('settlement_daily_limit_exceeded');
  });
});
