import fc from 'fast-check';
import { ASSET_CODES as CONTRACT_ASSET_CODES, DomainError } from '@platform/contracts';
import {
  ASSETS,
  ASSET_CODES,
  CONVERTIBLE_ASSETS,
  CURRENCIES,
  CURRENCY_CODES,
  VOLATILE_ASSETS,
  decimalsOf,
  isAsset,
  isCurrency,
  type Asset,
  type MoneyUnit,
} from './assets';
import { MAX_INPUT_INTEGER_DIGITS, Money, MoneyUnitMismatchError, type Rounding } from './money';

const UNITS: readonly MoneyUnit[] = [...new Set<MoneyUnit>([...ASSET_CODES, ...CURRENCY_CODES])];
const ROUNDINGS: readonly Rounding[] = ['down', 'up', 'half_even', 'half_up'];

const anyAsset = fc.constantFrom(...ASSET_CODES);
const anyUnit = fc.constantFrom(...UNITS);
const signedMinor = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const positiveMinor = fc.bigInt({ min: 1n, max: 10n ** 24n });

const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);

function errorOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function expectInvalidAmount(asset: MoneyUnit, text: unknown): void {
  const error = errorOf(() => Money.parse(asset, text));
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('invalid_amount');
}

/** A plain decimal text for `asset`: digits, then at most the asset's decimals after a point. */
function decimalText(asset: MoneyUnit) {
  const digits = (min: number, max: number) =>
    fc
      .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
      .map((chars) => chars.join(''));
  const decimals = decimalsOf(asset);
  return fc
    .tuple(digits(1, 20), decimals === 0 ? fc.constant('') : digits(0, decimals))
    .map(([whole, fraction]) => (fraction === '' ? whole : `${whole}.${fraction}`));
}

/** The canonical form of a decimal text at `decimals` places, by string work only. */
function canonical(text: string, decimals: number): string {
  const [whole = '', fraction = ''] = text.split('.');
  const trimmed = whole.replace(/^0+(?=\d)/, '');
  return decimals === 0 ? trimmed : `${trimmed}.${fraction.padEnd(decimals, '0')}`;
}

describe('asset and currency tables', () => {
  it('hold the ten assets of spec §1 with their precision', () => {
    const decimals = Object.fromEntries(ASSET_CODES.map((code) => [code, ASSETS[code].decimals]));
    expect(decimals).toEqual({
      USD: 2,
      USDT: 6,
      USDC: 6,
      BTC: 8,
      GOLD: 6,
      SILVER: 6,
      PLATINUM: 6,
      BOB: 2,
      MXN: 2,
      ARS: 2,
    });
  });

  it('agree with the asset vocabulary of the contracts', () => {
    expect(Object.keys(ASSETS).sort()).toEqual([...CONTRACT_ASSET_CODES].sort());
  });

  it('mark the convertible, same-currency-only and volatile assets', () => {
    expect(CONVERTIBLE_ASSETS).toEqual([
      'USD',
      'USDT',
      'USDC',
      'BTC',
      'GOLD',
      'SILVER',
      'PLATINUM',
    ]);
    expect(ASSET_CODES.filter((code) => ASSETS[code].same_currency_only)).toEqual([
      'BOB',
      'MXN',
      'ARS',
    ]);
    expect(VOLATILE_ASSETS).toEqual(['BTC', 'GOLD', 'SILVER', 'PLATINUM']);
    for (const code of ASSET_CODES)
      expect(ASSETS[code].convertible).toBe(!ASSETS[code].same_currency_only);
  });

  it('hold the payout and payin currencies, CLP without minor units', () => {
    expect(CURRENCY_CODES.filter((code) => CURRENCIES[code].decimals !== 2)).toEqual(['CLP']);
    expect(CURRENCIES.CLP.decimals).toBe(0);
    expect(isCurrency('BRL')).toBe(true);
    expect(isAsset('BRL')).toBe(false);
  });

  it('give a code shared by an asset and a currency one precision', () => {
    for (const code of CURRENCY_CODES) {
      if (isAsset(code)) expect(ASSETS[code].decimals).toBe(CURRENCIES[code].decimals);
    }
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(ASSETS)).toBe(true);
    expect(Object.isFrozen(ASSETS.USD)).toBe(true);
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
  });
});

describe('Money.parse and toString', () => {
  it('formats at exactly the asset precision', () => {
    expect(Money.parse('USD', '50').toString()).toBe('50.00');
    expect(Money.parse('USDT', '1.5').toString()).toBe('1.500000');
    expect(Money.parse('BTC', '0.00000001').toString()).toBe('0.00000001');
    expect(Money.parse('CLP', '15000').toString()).toBe('15000');
    expect(Money.parse('USD', '12345678901234567890123456789012.5').toString()).toBe(
      '12345678901234567890123456789012.50',
    );
  });

  it('treats equivalent texts as equal, for idempotent replays', () => {
    expect(Money.parse('USD', '50.0').eq(Money.parse('USD', '50.00'))).toBe(true);
    expect(Money.parse('USD', '050').eq(Money.parse('USD', '50'))).toBe(true);
    expect(Money.parse('USD', '50.01').eq(Money.parse('USD', '50.00'))).toBe(false);
  });

  it('round-trips every valid text of every asset and currency', () => {
    fc.assert(
      fc.property(
        anyUnit.chain((unit) => fc.tuple(fc.constant(unit), decimalText(unit))),
        ([unit, text]) => {
          fc.pre(/[1-9]/.test(text));
          const money = Money.parse(unit, text);
          expect(money.toString()).toBe(canonical(text, decimalsOf(unit)));
          expect(Money.parse(unit, money.toString()).eq(money)).toBe(true);
        },
      ),
    );
  });

  it('round-trips through minor units for every asset', () => {
    fc.assert(
      fc.property(anyUnit, signedMinor, (unit, amount_minor) => {
        const money = Money.fromMinor(unit, amount_minor);
        expect(money.toMinor()).toBe(amount_minor);
        expect(Money.parseSigned(unit, money.toString()).toMinor()).toBe(amount_minor);
      }),
    );
  });

  it('serializes to JSON as the decimal string', () => {
    expect(JSON.stringify({ amount: Money.parse('USD', '7') })).toBe('{"amount":"7.00"}');
  });

  it('is immutable', () => {
    const money = Money.parse('USD', '1');
    expect(Object.isFrozen(money)).toBe(true);
    money.add(Money.parse('USD', '2'));
    expect(money.toString()).toBe('1.00');
  });
});

describe('invalid_amount (D7)', () => {
  it.each([
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['zeros', '000'],
    ['negative', '-1.00'],
    ['exponent', '1e3'],
    ['upper-case exponent', '1E3'],
    ['leading plus', '+1'],
    ['empty', ''],
    ['leading space', ' 1'],
    ['trailing space', '1 '],
    ['inner whitespace', '1 000'],
    ['tab', '\t1'],
    ['newline', '1\n'],
    ['trailing point', '1.'],
    ['leading point', '.5'],
    ['comma thousands', '1,000'],
    ['comma decimal', '1,5'],
    ['hex', '0x10'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['non-ASCII digits', '١٢'],
    ['more decimals than USD allows', '1.001'],
    ['absurd length', '1'.repeat(41)],
  ])('rejects %s (%p)', (_case, text) => {
    expectInvalidAmount('USD', text);
  });

  it.each([
    ['a JS number', 50],
    ['a fractional JS number', 0.1],
    ['a bigint', 50n],
    ['null', null],
    ['undefined', undefined],
    ['an object', { amount: '1' }],
    ['an array', ['1']],
  ])('rejects %s', (_case, value) => {
    expectInvalidAmount('USD', value);
  });

  it('rejects a fraction for CLP and more than 8 decimals for BTC', () => {
    expectInvalidAmount('CLP', '1.5');
    expectInvalidAmount('CLP', '1.0');
    expectInvalidAmount('BTC', '0.000000001');
    expect(Money.parse('BTC', '0.00000001').toMinor()).toBe(1n);
  });

  it('rejects, for every asset, any text with more decimals than it allows', () => {
    fc.assert(
      fc.property(
        anyUnit,
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 5 }),
        (unit, whole, extra) => {
          const fraction = '1'.repeat(decimalsOf(unit) + extra);
          expectInvalidAmount(unit, `${whole}.${fraction}`);
        },
      ),
    );
  });

  it('rejects every text that is not a plain decimal', () => {
    fc.assert(
      fc.property(anyAsset, fc.string({ maxLength: 12 }), (asset, text) => {
        fc.pre(!/^\d+(\.\d+)?$/.test(text));
        expectInvalidAmount(asset, text);
      }),
    );
  });

  it('explains the rule in user-facing English', () => {
    expect(errorOf(() => Money.parse('USD', '1.001'))).toMatchObject({
      message: 'amount must be a positive decimal string with at most 2 decimals for USD',
    });
    expect(errorOf(() => Money.parse('BTC', '-1'))).toMatchObject({
      message: 'amount must be a positive decimal string with at most 8 decimals for BTC',
    });
    expect(errorOf(() => Money.parse('CLP', '1.5'))).toMatchObject({
      message: 'amount must be a positive whole number for CLP',
    });
  });

  it('answers invalid_asset for a unit it does not know', () => {
    const error = errorOf(() => Money.parse('DOGE' as Asset, '1'));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('invalid_asset');
  });
});

describe('Money.parseInput: the amount ceiling (D12)', () => {
  it('accepts up to 15 integer digits with every decimal the unit allows', () => {
    expect(MAX_INPUT_INTEGER_DIGITS).toBe(15);
    expect(Money.parseInput('USD', '999999999999999.99').toString()).toBe('999999999999999.99');
    expect(Money.parseInput('BTC', '999999999999999.12345678').toString()).toBe(
      '999999999999999.12345678',
    );
    expect(Money.parseInput('CLP', '000000000000000000123').toString()).toBe('123');
  });

  it.each([
    ['16 integer digits', 'USD', '1000000000000000'],
    ['16 digits with decimals', 'USD', '1000000000000000.01'],
    ['23 digits (the sandbox payin of issue 13)', 'USD', '99999999999999999999999'],
    ['38 digits', 'CLP', '9'.repeat(38)],
    ['400 digits', 'USD', '9'.repeat(400)],
  ] as const)('answers invalid_amount for %s', (_case, unit, text) => {
    const error = errorOf(() => Money.parseInput(unit, text));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('invalid_amount');
    expect((error as DomainError).message).toContain('at most 15 integer digits');
  });

  it('applies every rule of Money.parse first', () => {
    for (const text of ['0', '-1', '1e3', '1.001', 50]) {
      const error = errorOf(() => Money.parseInput('USD', text));
      expect((error as DomainError).code).toBe('invalid_amount');
    }
  });

  it('leaves stored and computed amounts (Money.parse) without the ceiling', () => {
    expect(Money.parse('USD', '99999999999999999999999').toString()).toBe(
      '99999999999999999999999.00',
    );
  });
});

describe('Money.parseSigned', () => {
  it('accepts zero and negatives within precision, with one zero', () => {
    expect(Money.parseSigned('USD', '-12.5').toString()).toBe('-12.50');
    expect(Money.parseSigned('USD', '0').isZero()).toBe(true);
    expect(Money.parseSigned('USD', '-0').toString()).toBe('0.00');
    expect(Money.parseSigned('USD', '-0').eq(Money.zero('USD'))).toBe(true);
  });

  it('still rejects exponents, plus signs and excess decimals', () => {
    for (const text of ['-1e3', '+1', '-1.001', '--1', '- 1', 12]) {
      expect(() => Money.parseSigned('USD', text)).toThrow(
        'amount must be a decimal string with at most 2 decimals for USD',
      );
    }
  });
});

describe('reading back what was stored', () => {
  // Issue 13: a credit near the client limit left a balance longer than `parse` reads, and the
  // ledger projection that read it back stopped for every account.
  const longest_client_amount = '9'.repeat(37);

  it('reads back any sum of client amounts, signed or not', () => {
    const amount = Money.parse('USD', longest_client_amount);
    const balance = amount.add(Money.parse('USD', '10100'));
    expect(balance.toString()).toHaveLength(41);
    expect(Money.parseSigned('USD', balance.toString()).eq(balance)).toBe(true);
    expect(Money.parseSigned('USD', balance.negate().toString()).eq(balance.negate())).toBe(true);
    expect(Money.parseStored('USD', balance.toString()).eq(balance)).toBe(true);
  });

  it('reads a stored amount as parse does, but as long as storage holds', () => {
    const long = `${'9'.repeat(900)}.99`;
    expect(Money.parseStored('USD', long).toString()).toBe(long);
    for (const text of ['0', '-1.00', '1.001', '1e3', '9'.repeat(1_001), 5]) {
      expect(() => Money.parseStored('USD', text)).toThrow(DomainError);
    }
  });

  it('keeps client input at 40 characters', () => {
    expect(() => Money.parse('USD', '9'.repeat(41))).toThrow(DomainError);
  });
});

describe('exact arithmetic', () => {
  it('add then subtract gives back the original amount', () => {
    fc.assert(
      fc.property(anyUnit, signedMinor, signedMinor, (unit, a_minor, b_minor) => {
        const a = Money.fromMinor(unit, a_minor);
        const b = Money.fromMinor(unit, b_minor);
        expect(a.add(b).subtract(b).eq(a)).toBe(true);
        expect(a.add(b).subtract(b).toString()).toBe(a.toString());
      }),
    );
  });

  it('the minor units of a sum are the sum of the minor units', () => {
    fc.assert(
      fc.property(anyUnit, fc.array(signedMinor, { maxLength: 30 }), (unit, amounts_minor) => {
        const total = amounts_minor.reduce(
          (sum, amount_minor) => sum.add(Money.fromMinor(unit, amount_minor)),
          Money.zero(unit),
        );
        expect(total.toMinor()).toBe(
          amounts_minor.reduce((sum, amount_minor) => sum + amount_minor, 0n),
        );
      }),
    );
  });

  it('adds decimals without float error', () => {
    expect(
      Money.parse('USD', '0.1').add(Money.parse('USD', '0.2')).eq(Money.parse('USD', '0.3')),
    ).toBe(true);
  });

  it('compares like the minor units do', () => {
    fc.assert(
      fc.property(anyUnit, signedMinor, signedMinor, (unit, a_minor, b_minor) => {
        const a = Money.fromMinor(unit, a_minor);
        const b = Money.fromMinor(unit, b_minor);
        expect(a.compare(b)).toBe(a_minor < b_minor ? -1 : a_minor > b_minor ? 1 : 0);
        expect([a.lt(b), a.lte(b), a.eq(b), a.gte(b), a.gt(b)]).toEqual([
          a_minor < b_minor,
          a_minor <= b_minor,
          a_minor === b_minor,
          a_minor >= b_minor,
          a_minor > b_minor,
        ]);
      }),
    );
  });

  it('negates, and knows zero and the sign', () => {
    const five = Money.parse('USD', '5');
    expect(five.negate().toString()).toBe('-5.00');
    expect(five.negate().isNegative()).toBe(true);
    expect(five.negate().abs().eq(five)).toBe(true);
    expect(five.subtract(five).isZero()).toBe(true);
    expect(five.subtract(five).toString()).toBe('0.00');
    expect(Money.zero('USD').negate().toString()).toBe('0.00');
    expect(five.isPositive()).toBe(true);
  });

  it.each([
    ['add', (a: Money, b: Money) => a.add(b)],
    ['subtract', (a: Money, b: Money) => a.subtract(b)],
    ['compare', (a: Money, b: Money) => a.compare(b)],
    ['eq', (a: Money, b: Money) => a.eq(b)],
  ])('refuses to %s two assets', (_operation, operate) => {
    expect(() => operate(Money.parse('USD', '1'), Money.parse('USDT', '1'))).toThrow(
      MoneyUnitMismatchError,
    );
  });

  it('rejects a minor amount that is not a bigint', () => {
    expect(() => Money.fromMinor('USD', 100 as unknown as bigint)).toThrow(TypeError);
  });
});

describe('convert', () => {
  /** A rate text with up to 12 decimals, and its value as an integer over 10^decimals. */
  const anyRate = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.integer({ min: 0, max: 12 }))
    .map(([rate_scaled, rate_decimals]) => {
      const digits = rate_scaled.toString().padStart(rate_decimals + 1, '0');
      const text =
        rate_decimals === 0
          ? digits
          : `${digits.slice(0, -rate_decimals)}.${digits.slice(-rate_decimals)}`;
      return { text, rate_scaled, rate_decimals };
    });

  it('stays within one unit of the target precision of the exact product, on the side the mode asks', () => {
    fc.assert(
      fc.property(
        anyUnit,
        positiveMinor,
        anyUnit,
        anyRate,
        fc.constantFrom(...ROUNDINGS),
        (from, amount_minor, to, rate, rounding) => {
          const converted_minor = Money.fromMinor(from, amount_minor)
            .convert(to, rate.text, rounding)
            .toMinor();
          // All values scaled to integers over 10^(from decimals + rate decimals + to decimals).
          const exact = amount_minor * rate.rate_scaled * pow10(decimalsOf(to));
          const result = converted_minor * pow10(decimalsOf(from) + rate.rate_decimals);
          const unit = pow10(decimalsOf(from) + rate.rate_decimals);
          const error = result - exact;
          expect(error < unit && -error < unit).toBe(true);
          switch (rounding) {
            case 'down':
              expect(result <= exact).toBe(true);
              break;
            case 'up':
              expect(result >= exact).toBe(true);
              break;
            case 'half_even':
            case 'half_up':
              expect(2n * (error < 0n ? -error : error) <= unit).toBe(true);
              break;
            default: {
              const unhandled: never = rounding;
              throw new Error(`untested rounding ${String(unhandled)}`);
            }
          }
        },
      ),
    );
  });

  it.each([
    ['0.125', 'down', '0.12'],
    ['0.125', 'up', '0.13'],
    ['0.125', 'half_even', '0.12'],
    ['0.135', 'half_even', '0.14'],
    ['0.125', 'half_up', '0.13'],
    ['0.124999', 'half_up', '0.12'],
    ['0.120001', 'up', '0.13'],
  ] as const)('rounds %s USDT to USD with %s to %s', (amount, rounding, expected) => {
    expect(Money.parse('USDT', amount).convert('USD', '1', rounding).toString()).toBe(expected);
  });

  it('converts to a currency at its own precision', () => {
    const pesos = Money.parse('USD', '10.00').convert('CLP', '943.57', 'down');
    expect(pesos.asset).toBe('CLP');
    expect(pesos.toString()).toBe('9435');
    expect(Money.parse('USD', '100').convert('BTC', '0.0000104', 'half_even').toString()).toBe(
      '0.00104000',
    );
  });

  it('refuses a rate that is not a plain non-negative decimal', () => {
    const one = Money.parse('USD', '1');
    for (const rate of ['1e2', '-1', '', ' 1', 'abc', 1 as unknown as string]) {
      expect(() => one.convert('USDT', rate, 'down')).toThrow(RangeError);
    }
  });
});

describe('multiply', () => {
  it('scales within the same asset with the rounding asked', () => {
    const amount = Money.parse('USD', '10.05');
    expect(amount.multiply('0.015', 'down').toString()).toBe('0.15');
    expect(amount.multiply('0.015', 'up').toString()).toBe('0.16');
    expect(amount.multiply('2', 'half_even').toString()).toBe('20.10');
    expect(amount.multiply('0', 'half_even').isZero()).toBe(true);
  });
});
