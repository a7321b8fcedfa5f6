import { Money } from '@platform/money';
import {
  cryptoDueFor,
  localAmountFor,
  priceLocalPayin,
  rateOf,
  type RateTableView,
} from './conversion';

const rates: RateTableView = {
  assets: [
    { asset: 'USD', usd_per_unit: '1' },
    { asset: 'USDT', usd_per_unit: '1' },
    { asset: 'BTC', usd_per_unit: '65000' },
    { asset: 'BOB', usd_per_unit: null },
  ],
  currencies: [
    { currency: 'MXN', per_usd: '17.20' },
    { currency: 'CLP', per_usd: '930' },
    { currency: 'BOB', per_usd: '6.96' },
  ],
};

describe('payin pricing at the rate table', () => {
  it('converts a local amount into the payin asset, rounding down', () => {
    const credit = priceLocalPayin(Money.parse('MXN', '1720.00'), 'USD', rates, false);
    expect(credit.credited.toString()).toBe('100.00');
    expect(credit.fx_rate).toBe('17.2');
    expect(credit.fee.toString()).toBe('0.00');
    const odd = priceLocalPayin(Money.parse('MXN', '10.00'), 'USD', rates, false);
    expect(odd.credited.toString()).toBe('0.58'); // 0.5813... rounded down
  });

  it('prices into BTC through its USD price', () => {
    const credit = priceLocalPayin(Money.parse('CLP', '930'), 'BTC', rates, false);
    expect(credit.credited.toString()).toBe('0.00001538');
    expect(credit.fx_rate).toBe('60450000');
  });

  it('keeps fiat_hold_local payins in their own currency at rate 1', () => {
    const credit = priceLocalPayin(Money.parse('BOB', '69.60'), 'BOB', rates, true);
    expect(credit).toMatchObject({ credit_asset: 'BOB', fx_rate: '1', fiat_hold_local: true });
    expect(credit.credited.toString()).toBe('69.60');
  });

  it('quotes a settlement amount in a local currency, rounding up to cover it', () => {
    expect(localAmountFor(Money.parse('USDT', '10.000000'), 'MXN', rates).toString()).toBe(
      '172.00',
    );
    expect(localAmountFor(Money.parse('USD', '1.00'), 'CLP', rates).toString()).toBe('930');
    expect(localAmountFor(Money.parse('USD', '0.01'), 'BOB', rates).toString()).toBe('0.07');
  });

  it('rounds down a credit whose rate has no finite decimal form', () => {
    // 1000 / 17.20 / 65000 = 0.000894454...
    const credit = priceLocalPayin(Money.parse('MXN', '1000.00'), 'BTC', rates, false);
    expect(credit.credited.toString()).toBe('0.00089445');
    expect(credit.fx_rate).toBe('1118000');
  });

  it('quotes up only when the exact local amount has more digits than the currency', () => {
    // 0.01 USD = 9.3 CLP: up to 10; 0.001 BTC = 1118 MXN exactly: no step added.
    expect(localAmountFor(Money.parse('USD', '0.01'), 'CLP', rates).toString()).toBe('10');
    expect(localAmountFor(Money.parse('BTC', '0.001'), 'MXN', rates).toString()).toBe('1118.00');
    // 3.33 * 17.20 = 57.276: up to 57.28.
    expect(localAmountFor(Money.parse('USD', '3.33'), 'MXN', rates).toString()).toBe('57.28');
  });

  it('states the rate of a local amount against the charged asset', () => {
    expect(rateOf(Money.parse('MXN', '172.00'), Money.parse('USDT', '10'), rates)).toBe('17.2');
    expect(rateOf(Money.parse('CLP', '930'), Money.parse('BTC', '1'), rates)).toBe('60450000');
    expect(rateOf(Money.parse('USD', '1'), Money.parse('USD', '1'), rates)).toBe('1');
    const usdc = { ...rates, assets: [...rates.assets, { asset: 'USDC', usd_per_unit: '0.9990' }] };
    expect(rateOf(Money.parse('BOB', '6.96'), Money.parse('USDC', '1'), usdc)).toBe('6.95304');
  });

  it('prices checkout crypto dues in the asset, rounded up', () => {
    expect(cryptoDueFor(Money.parse('USDT', '10'), 'BTC', rates)).toBe('0.00015385');
    expect(cryptoDueFor(Money.parse('USD', '100'), 'BTC', rates)).toBe('0.00153847');
    expect(cryptoDueFor(Money.parse('USD', '100'), 'USDC', rates)).toBe('100.000000');
    expect(cryptoDueFor(Money.parse('BTC', '0.001'), 'USDT', rates)).toBe('65.000000');
  });

  it('prices a crypto due that covers the charge at any size, never short of it', () => {
    // 1,000,000 USD / 65000 = 15.384615384...: a rate cut to 12 places gave 15.38461500.
    expect(cryptoDueFor(Money.parse('USD', '1000000'), 'BTC', rates)).toBe('15.38461539');
    for (const usd of ['99.99', '123456.78', '999999.99']) {
      const due = Money.parse('BTC', cryptoDueFor(Money.parse('USD', usd), 'BTC', rates));
      expect(due.convert('USD', '65000', 'down').gte(Money.parse('USD', usd))).toBe(true);
    }
  });
});
