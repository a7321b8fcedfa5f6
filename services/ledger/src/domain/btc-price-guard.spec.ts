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

/** What a refused swap throws: the typed domain error the gateway maps. */
const DIVERGED = expect.objectContaining({ code: 'guard_diverged' });

/** The guard against a second source that answers `price`, counting the reads. */
function guard(swap: ReturnType<typeof quote>, price: SecondBtcPrice) {
  const reads: SecondBtcPrice[] = [];
  const run = () =>
    requireBtcPriceConfirmed(swap, SETTINGS, () => {
      reads.push(price);
      return price;
    });
  return { run, reads };
}

describe('the BTC price guard', () => {
  it('diverges only beyond the tolerance, on either side of the table price', () => {
    const prices = { table_price: '65000', tolerance_percent: '1' };
    expect(() => checkPriceGuard({ ...prices, second_price: '65650' })).not.toThrow();
    expect(() => checkPriceGuard({ ...prices, second_price: '65650.01' })).toThrow(DIVERGED);
    expect(() => checkPriceGuard({ ...prices, second_price: '64350' })).not.toThrow();
    expect(() => checkPriceGuard({ ...prices, second_price: '64349.99' })).toThrow(DIVERGED);
    expect(() => checkPriceGuard({ ...prices, second_price: '60000' })).toThrow(DIVERGED);
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
    const below = guard(quote('USD', '999.99', 'BTC'), 'unavailable');
    expect(below.run).not.toThrow();
    expect(below.reads).toHaveLength(0);
    const watched = guard(quote('USD', '1000', 'BTC'), '65000');
    expect(watched.run).not.toThrow();
    expect(watched.reads).toHaveLength(1);
  });

  it('refuses a watched swap when the second price diverges or cannot be read', () => {
    expect(guard(quote('USD', '1000', 'BTC'), '66000').run).toThrow(DIVERGED);
    expect(guard(quote('BTC', '1', 'USD'), '64000').run).toThrow(DIVERGED);
    expect(guard(quote('USD', '1000', 'BTC'), 'unavailable').run).toThrow(DIVERGED);
    expect(guard(quote('USD', '1000', 'BTC'), '65300').run).not.toThrow();
  });

  it('lets the table stand alone when no second source is configured', () => {
    const alone = guard(quote('BTC', '1', 'GOLD'), null);
    expect(alone.run).not.toThrow();
    expect(alone.reads).toEqual([null]);
  });
});
