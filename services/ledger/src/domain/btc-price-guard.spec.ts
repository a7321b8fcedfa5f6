import { DomainError } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import {
  btcPriceGuardApplies,
  checkPriceGuard,
  requireBtcPriceConfirmed,
  type SecondBtcPrice,
} from './btc-price-guard';
import { quoteSwap, type RateTable } from './swap-pricing';

const RATES: RateTable = {
  usd_per_unit: { USD: '1', USDT: '1', BTC: '65000', GOLD: '75.50' },
  per_usd: {},
};
const SETTINGS = { threshold_usd: '1000.00', tolerance_percent: '1' };

const quote = (from: Asset, amount: string, to: Asset) =>
  quoteSwap(Money.parse(from, amount), to, RATES);

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

/** The guard against a second source that answers `price`, counting the reads. */
function guarded(swap: ReturnType<typeof quote>, price: SecondBtcPrice) {
  let reads = 0;
  const code = codeOf(() =>
    requireBtcPriceConfirmed(swap, SETTINGS, () => {
      reads += 1;
      return price;
    }),
  );
  return { code, reads };
}

describe('the BTC price guard', () => {
  it('diverges only beyond the tolerance', () => {
    const guard = { table_price: '65000', tolerance_percent: '1' };
    expect(() => checkPriceGuard({ ...guard, second_price: '65650' })).not.toThrow();
    expect(codeOf(() => checkPriceGuard({ ...guard, second_price: '65650.01' }))).toBe(
      'guard_diverged',
    );
    expect(codeOf(() => checkPriceGuard({ ...guard, second_price: '64350' }))).toBeUndefined();
    expect(codeOf(() => checkPriceGuard({ ...guard, second_price: '64349.99' }))).toBe(
      'guard_diverged',
    );
    expect(codeOf(() => checkPriceGuard({ ...guard, second_price: '60000' }))).toBe(
      'guard_diverged',
    );
  });

  it('watches swaps that give or receive BTC from the threshold on, and no others', () => {
    // 1000 USD into BTC and 0.01538462 BTC (1000.00 USD rounded down) out of it: watched.
    expect(btcPriceGuardApplies(quote('USD', '1000', 'BTC'), '1000.00')).toBe(true);
    expect(btcPriceGuardApplies(quote('BTC', '0.01538462', 'USDT'), '1000.00')).toBe(true);
    // 0.01538461 BTC is worth 999.99 USD.
    expect(btcPriceGuardApplies(quote('BTC', '0.01538461', 'USDT'), '1000.00')).toBe(false);
    expect(btcPriceGuardApplies(quote('USD', '999.99', 'BTC'), '1000.00')).toBe(false);
    expect(btcPriceGuardApplies(quote('USD', '5000', 'GOLD'), '1000.00')).toBe(false);
    expect(btcPriceGuardApplies(quote('USD', '0.01', 'BTC'), '0')).toBe(true);
  });

  it('asks the second source only for a watched swap', () => {
    expect(guarded(quote('USD', '999.99', 'BTC'), 'unavailable')).toEqual({
      code: undefined,
      reads: 0,
    });
    expect(guarded(quote('USD', '1000', 'BTC'), '65000')).toEqual({ code: undefined, reads: 1 });
  });

  it('refuses a watched swap when the second price diverges or cannot be read', () => {
    expect(guarded(quote('USD', '1000', 'BTC'), '66000').code).toBe('guard_diverged');
    expect(guarded(quote('BTC', '1', 'USD'), '64000').code).toBe('guard_diverged');
    expect(guarded(quote('USD', '1000', 'BTC'), 'unavailable').code).toBe('guard_diverged');
    expect(guarded(quote('USD', '1000', 'BTC'), '65300').code).toBeUndefined();
  });

  it('lets the table stand alone when no second source is configured', () => {
    expect(guarded(quote('BTC', '1', 'GOLD'), null)).toEqual({ code: undefined, reads: 1 });
  });
});
