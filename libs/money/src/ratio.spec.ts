import Big from 'big.js';
import fc from 'fast-check';
import { ASSET_CODES, CURRENCY_CODES, decimalsOf, type MoneyUnit } from './assets';
import { Money } from './money';
import { Ratio, type Rounding } from './ratio';

/**
 * The oracle: big.js, with divisions carried to 200 places (cut toward zero) before the one
 * rounding under test. The values drawn below have at most ~60 significant digits, so a value
 * that is not exactly on a rounding boundary is more than 10^-150 away from it, and the cut at
 * 200 places cannot move it across.
 */
const Oracle = Big();
Oracle.DP = 200;
Oracle.RM = Oracle.roundDown;

const ORACLE_MODES: Record<Rounding, Big.RoundingMode> = {
  down: Oracle.roundDown,
  up: Oracle.roundUp,
  half_even: Oracle.roundHalfEven,
  half_up: Oracle.roundHalfUp,
};

const UNITS: readonly MoneyUnit[] = [...new Set<MoneyUnit>([...ASSET_CODES, ...CURRENCY_CODES])];
const anyUnit = fc.constantFrom(...UNITS);
const anyRounding = fc.constantFrom<Rounding>('down', 'up', 'half_even', 'half_up');

/** A plain decimal text of up to 20 integer and 20 fraction digits, like a rate table price. */
const decimalText = (min: bigint) =>
  fc
    .tuple(fc.bigInt({ min, max: 10n ** 24n }), fc.integer({ min: 0, max: 20 }))
    .map(([units, decimals]) => {
      const digits = units.toString().padStart(decimals + 1, '0');
      return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
    });
const anyPrice = decimalText(1n);
const anyValue = decimalText(0n);
const anyAmount = (unit: MoneyUnit) =>
  fc.bigInt({ min: 1n, max: 10n ** 20n }).map((minor) => Money.fromMinor(unit, minor));

/** The oracle's value of `amount * multiplier / divisor` at `decimals` places, in steps. */
function oracleScaled(
  amount: string,
  multiplier: string,
  divisor: string,
  decimals: number,
  rounding: Rounding,
): bigint {
  const exact = new Oracle(amount).times(multiplier).div(divisor);
  return BigInt(exact.round(decimals, ORACLE_MODES[rounding]).times(`1e${decimals}`).toFixed(0));
}

describe('Ratio', () => {
  it('divides exactly, with one rounding, as the big.js oracle does', () => {
    fc.assert(
      fc.property(
        anyValue,
        anyPrice,
        fc.integer({ min: 0, max: 30 }),
        anyRounding,
        (dividend, divisor, decimals, rounding) => {
          expect(Ratio.parse(dividend).per(divisor).toScaled(decimals, rounding)).toBe(
            oracleScaled(dividend, '1', divisor, decimals, rounding),
          );
        },
      ),
    );
  });

  it('settles exact ties as the oracle does, for both signs', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        anyRounding,
        (steps, decimals, rounding) => {
          // steps + 1/2 (or - 1/2) of a 10^-decimals step: exactly half way.
          const tie = steps * 10n + (steps < 0n ? -5n : 5n);
          const value = Ratio.fromScaled(tie, decimals + 1);
          const text = new Oracle(`${tie}e-${decimals + 1}`);
          const expected = text.round(decimals, ORACLE_MODES[rounding]).times(`1e${decimals}`);
          expect(value.toScaled(decimals, rounding)).toBe(BigInt(expected.toFixed(0)));
        },
      ),
    );
  });

  it('multiplies, adds and subtracts rate texts exactly', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (a, b) => {
        const plain = (value: Big) => value.toFixed();
        expect(Ratio.parse(a).times(b).toString()).toBe(plain(new Oracle(a).times(b)));
        expect(Ratio.parse(a).plus(b).toString()).toBe(plain(new Oracle(a).plus(b)));
        expect(Ratio.parse(a).minus(b).toString()).toBe(plain(new Oracle(a).minus(b)));
        expect(Ratio.parse(a).compare(b)).toBe(new Oracle(a).cmp(b));
      }),
    );
  });

  it('gives back the value when divided by what it was multiplied by', () => {
    fc.assert(
      fc.property(anyValue, anyPrice, (value, price) => {
        expect(Ratio.parse(value).times(price).per(price).compare(value)).toBe(0);
      }),
    );
  });

  it('rounds a negative value by its magnitude: down toward zero, up away from it', () => {
    const negative = (text: string) => Ratio.ZERO.minus(text);
    expect(negative('0.125').toDecimal(2, 'down')).toBe('-0.12');
    expect(negative('0.125').toDecimal(2, 'up')).toBe('-0.13');
    expect(negative('0.125').toDecimal(2, 'half_even')).toBe('-0.12');
    expect(negative('0.135').toDecimal(2, 'half_even')).toBe('-0.14');
    expect(negative('0.125').toDecimal(2, 'half_up')).toBe('-0.13');
    expect(negative('0.1250001').toDecimal(2, 'half_even')).toBe('-0.13');
    // A negative value that rounds to nothing is plain zero.
    expect(negative('0.001').toDecimal(2, 'down')).toBe('0');
  });

  it('writes a rate at most to the places asked, without trailing zeros', () => {
    expect(Ratio.parse('1').per('65000').toDecimal(12, 'down')).toBe('0.000015384615');
    expect(Ratio.parse('75.50').per('0.95').toDecimal(12, 'down')).toBe('79.473684210526');
    expect(Ratio.parse('65000').per('1').toDecimal(12, 'down')).toBe('65000');
    expect(Ratio.parse('17.20').times('1').toString()).toBe('17.2');
    expect(Ratio.parse('0.5').times('0.5').toString()).toBe('0.25');
    expect(Ratio.parse('930').times('65000').toString()).toBe('60450000');
    expect(Ratio.parse('0.000').toString()).toBe('0');
    expect(Ratio.parse('1').per('8').toString()).toBe('0.125');
  });

  it('has no exact decimal text for a value like 1/3', () => {
    expect(() => Ratio.ONE.per('3').toString()).toThrow(RangeError);
    expect(() => Ratio.ONE.per('65000').toString()).toThrow(RangeError);
  });

  it('refuses a text that is not a plain non-negative decimal, and division by zero', () => {
    for (const text of ['1e2', '-1', '', ' 1', '1.', '.5', 'abc', '1'.repeat(61)]) {
      expect(() => Ratio.parse(text)).toThrow(RangeError);
    }
    expect(() => Ratio.parse(1 as unknown as string)).toThrow(RangeError);
    expect(() => Ratio.ONE.per('0.00')).toThrow(RangeError);
  });
});

describe('Money at an exact Ratio', () => {
  const pair = fc.tuple(anyUnit, anyUnit).chain(([from, to]) =>
    fc.record({
      amount: anyAmount(from),
      to: fc.constant(to),
      multiplier: anyPrice,
      divisor: anyPrice,
    }),
  );

  it('converts exactly, with one rounding, as the big.js oracle does', () => {
    fc.assert(
      fc.property(pair, anyRounding, ({ amount, to, multiplier, divisor }, rounding) => {
        const rate = Ratio.parse(multiplier).per(divisor);
        expect(amount.convert(to, rate, rounding).toMinor()).toBe(
          oracleScaled(amount.toString(), multiplier, divisor, decimalsOf(to), rounding),
        );
      }),
    );
  });

  it('rounds down to at most, and up to at least, the exact value, one step apart at most', () => {
    fc.assert(
      fc.property(pair, ({ amount, to, multiplier, divisor }) => {
        const rate = Ratio.parse(multiplier).per(divisor);
        const exact = amount.toRatio().times(rate);
        const down = amount.convert(to, rate, 'down');
        const up = amount.convert(to, rate, 'up');
        expect(down.toRatio().compare(exact)).toBeLessThanOrEqual(0);
        expect(up.toRatio().compare(exact)).toBeGreaterThanOrEqual(0);
        expect(up.toMinor() - down.toMinor()).toBe(exact.compare(down.toRatio()) === 0 ? 0n : 1n);
        for (const rounding of ['half_even', 'half_up'] as const) {
          const nearest = amount.convert(to, rate, rounding);
          expect([down.toMinor(), up.toMinor()]).toContain(nearest.toMinor());
          const gap = nearest.toRatio().minus(exact).abs().times('2');
          expect(gap.compare(Money.fromMinor(to, 1n).toRatio())).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('round-trips up then down to at least, and down then up to at most, the amount', () => {
    fc.assert(
      fc.property(pair, ({ amount, to, multiplier, divisor }) => {
        const rate = Ratio.parse(multiplier).per(divisor);
        const back = Ratio.ONE.per(rate);
        expect(amount.convert(to, rate, 'up').convert(amount.asset, back, 'down').gte(amount)).toBe(
          true,
        );
        expect(amount.convert(to, rate, 'down').convert(amount.asset, back, 'up').lte(amount)).toBe(
          true,
        );
      }),
    );
  });

  it('round-trips to the nearest within one unit when a unit of the target is worth at most one', () => {
    fc.assert(
      fc.property(pair, anyRounding, ({ amount, to, multiplier, divisor }, rounding) => {
        const rate = Ratio.parse(multiplier).per(divisor);
        const one_from = Money.fromMinor(amount.asset, 1n).toRatio();
        // One step of `to`, valued in `from`, is at most one step of `from`.
        fc.pre(Money.fromMinor(to, 1n).toRatio().per(rate).compare(one_from) <= 0);
        const nearest = rounding === 'half_up' ? 'half_up' : 'half_even';
        const there = amount.convert(to, rate, nearest);
        fc.pre(!there.isZero());
        const back = there.convert(amount.asset, Ratio.ONE.per(rate), nearest);
        expect(back.subtract(amount).abs().lte(Money.fromMinor(amount.asset, 1n))).toBe(true);
      }),
    );
  });

  it('keeps the result within the unit: fromRatio rounds to its precision only', () => {
    expect(Money.fromRatio('CLP', Ratio.parse('9.5'), 'half_even').toString()).toBe('10');
    expect(Money.fromRatio('CLP', Ratio.parse('8.5'), 'half_even').toString()).toBe('8');
    expect(Money.fromRatio('BTC', Ratio.ONE.per('65000'), 'up').toString()).toBe('0.00001539');
    expect(
      Money.parse('USD', '65000').convert('BTC', Ratio.ONE.per('65000'), 'down').toString(),
    ).toBe('1.00000000');
    expect(Money.parseSigned('USD', '-12.34').toRatio().toString()).toBe('-12.34');
  });
});
