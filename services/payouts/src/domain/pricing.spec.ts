import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import { pricePayout, type RateTableView } from './pricing';

const rates: RateTableView = {
  assets: [
    { asset: 'USD', usd_per_unit: '1' },
    { asset: 'USDT', usd_per_unit: '1' },
    { asset: 'BTC', usd_per_unit: '65000' },
    { asset: 'MXN', usd_per_unit: null },
  ],
  currencies: [
    { currency: 'BRL', per_usd: '5.40' },
    { currency: 'MXN', per_usd: '17.20' },
    { currency: 'CLP', per_usd: '930' },
    { currency: 'USD', per_usd: '1' },
  ],
};

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('payout pricing', () => {
  it('converts the local amount into the settlement asset through USD', () => {
    const price = pricePayout(Money.parse('BRL', '54.00'), 'USD', rates);
    expect(price.total_debit.toString()).toBe('10.00');
    expect(price.usdt_amount).toBe('10.000000');
    expect(price.rate).toBe('5.4');
    expect(price.rate_source).toBe('spot');
    expect(price.fee.toString()).toBe('0.00');
  });

  it('rounds the debit up to the asset precision', () => {
    expect(pricePayout(Money.parse('BRL', '5.77'), 'USD', rates).total_debit.toString()).toBe(
      '1.07',
    );
    expect(pricePayout(Money.parse('BRL', '54.00'), 'BTC', rates).total_debit.toString()).toBe(
      '0.00015385',
    );
    expect(pricePayout(Money.parse('CLP', '1'), 'USD', rates).total_debit.toString()).toBe('0.01');
  });

  it('pays a local fiat balance only in its own currency, at rate 1', () => {
    const price = pricePayout(Money.parse('MXN', '100.00'), 'MXN', rates);
    expect(price.total_debit.toString()).toBe('100.00');
    expect(price.rate).toBe('1');
    expect(codeOf(() => pricePayout(Money.parse('BRL', '10.00'), 'MXN', rates))).toBe(
      'pricing_unavailable',
    );
  });

  it('refuses an asset that is not on the ledger', () => {
    expect(codeOf(() => pricePayout(Money.parse('BRL', '10.00'), 'EUR', rates))).toBe(
      'invalid_settlement_asset',
    );
  });
});

describe('payout fees of an organization (D6)', () => {
  const schedule = { fixed_fee_usd: '0.50', percentage: '1.5' };

  it('is zero without pricing, so total_debit is the debit', () => {
    const price = pricePayout(Money.parse('BRL', '54.00'), 'USD', rates);
    expect(price.fee.toString()).toBe('0.00');
    expect(price.total_debit.toString()).toBe(price.debit.toString());
  });

  it('adds a fixed fee and a percentage of the USD value, rounded up, to total_debit', () => {
    // 100.00 USD: 0.50 + 1.5% = 2.00 USD.
    const price = pricePayout(Money.parse('BRL', '540.00'), 'USD', rates, schedule);
    expect(price.debit.toString()).toBe('100.00');
    expect(price.fee.toString()).toBe('2.00');
    expect(price.total_debit.toString()).toBe('102.00');
    // 10.01 USD: 0.50 + 0.150150 = 0.650150, rounded up to 0.66.
    const odd = pricePayout(Money.parse('USD', '10.01'), 'USD', rates, schedule);
    expect(odd.fee.toString()).toBe('0.66');
  });

  it('converts the fee to the settlement asset at the rate table', () => {
    const price = pricePayout(Money.parse('USD', '650.00'), 'BTC', rates, {
      fixed_fee_usd: '6.50',
      percentage: '0',
    });
    expect(price.debit.toString()).toBe('0.01000000');
    expect(price.fee.toString()).toBe('0.00010000');
    expect(price.total_debit.toString()).toBe('0.01010000');
  });

  it('charges a local-currency balance its fee at the currency rate', () => {
    const price = pricePayout(Money.parse('MXN', '172.00'), 'MXN', rates, {
      fixed_fee_usd: '1.00',
      percentage: '0',
    });
    expect(price.debit.toString()).toBe('172.00');
    expect(price.fee.toString()).toBe('17.20');
    expect(price.total_debit.toString()).toBe('189.20');
  });
});

describe('payout pricing where the rates have no finite decimal form', () => {
  it('rounds every amount up from the exact value', () => {
    // 10.00 BRL at 5.40 = 1.851851... USD.
    const price = pricePayout(Money.parse('BRL', '10.00'), 'BTC', rates, {
      fixed_fee_usd: '0.50',
      percentage: '1.5',
    });
    expect(price.usd_value).toBe('1.86');
    expect(price.usdt_amount).toBe('1.851852');
    expect(price.debit.toString()).toBe('0.00002850');
    // 0.50 + 1.5% of 1.851851... = 0.527777... USD.
    expect(price.fee.toString()).toBe('0.00000812');
    expect(price.rate).toBe('351000');
    const in_usd = pricePayout(Money.parse('BRL', '10.00'), 'USD', rates, {
      fixed_fee_usd: '0.50',
      percentage: '1.5',
    });
    expect(in_usd.fee.toString()).toBe('0.53');
  });

  it('values the payout in USDT at the table price of USDT', () => {
    const table = {
      ...rates,
      assets: rates.assets.map((row) =>
        row.asset === 'USDT' ? { ...row, usd_per_unit: '1.002' } : row,
      ),
    };
    expect(pricePayout(Money.parse('BRL', '10.00'), 'USD', table).usdt_amount).toBe('1.848156');
  });

  it('states the rate to 30 decimals, half to even, without trailing zeros', () => {
    const fine = {
      assets: [
        { asset: 'USD', usd_per_unit: `1.${'0'.repeat(29)}1` },
        { asset: 'USDT', usd_per_unit: '1' },
      ],
      currencies: [{ currency: 'BRL', per_usd: '2.5' }],
    };
    // 2.5 * 1.000...0001 = 2.500...00025 (31 decimals): the tie goes to the even 2.
    expect(pricePayout(Money.parse('BRL', '10.00'), 'USD', fine).rate).toBe(
      `2.5${'0'.repeat(28)}2`,
    );
  });
});

describe('payout fees of a local-currency balance', () => {
  it('charges exactly the percentage of the local amount, not a cent more', () => {
    // 1% of 22.00 MXN is 0.22 MXN. Through USD at 17.23 (1.276842...) cut to 20 places and
    // multiplied back, the fee came out a hair above 0.22 and was rounded up to 0.23.
    const table = {
      ...rates,
      currencies: [{ currency: 'MXN', per_usd: '17.23' }],
    };
    const price = pricePayout(Money.parse('MXN', '22.00'), 'MXN', table, {
      fixed_fee_usd: '0',
      percentage: '1',
    });
    expect(price.fee.toString()).toBe('0.22');
    expect(price.total_debit.toString()).toBe('22.22');
  });
});
