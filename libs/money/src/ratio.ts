/**
 * How a result with more digits than the target precision is cut. `down` goes toward zero and
 * `up` away from zero (for positive amounts: never above / never below the exact value).
 */
export type Rounding = 'down' | 'up' | 'half_even' | 'half_up';

/** Rates and prices come from our own rate table, never from a client, but are still checked. */
const MAX_TEXT_LENGTH = 60;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);

/** `numerator / denominator` (denominator > 0) as an integer, cut as `rounding` says. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const twice_remainder = 2n * (magnitude % denominator);
  const away =
    twice_remainder !== 0n && roundsAway(rounding, twice_remainder - denominator, quotient);
  const rounded = away ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** `past_half` is the remainder against half a step: negative below it, zero at a tie. */
function roundsAway(rounding: Rounding, past_half: bigint, quotient: bigint): boolean {
  switch (rounding) {
    case 'down':
      return false;
    case 'up':
      return true;
    case 'half_up':
      return past_half >= 0n;
    case 'half_even':
      return past_half > 0n || (past_half === 0n && quotient % 2n === 1n);
    default: {
      const unknown: never = rounding;
      throw new Error(`unknown rounding mode: ${String(unknown)}`);
    }
  }
}

/** Digits with `decimals` of them after the point, trailing zeros and a bare point dropped. */
function decimalText(scaled: bigint, decimals: number): string {
  const sign = scaled < 0n ? '-' : '';
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * An exact rational number: a rate, a price, or a value on its way to one rounding. Cross rates
 * (1/65000) and chains of rates (local / per_usd / usd_per_unit) rarely have a finite decimal
 * form, so they are kept as a fraction of two integers and rounded once, where they become
 * money (`Money.fromRatio`, `Money.convert`) or a rate text (`toDecimal`).
 */
export class Ratio {
  static readonly ZERO = new Ratio(0n, 1n);
  static readonly ONE = new Ratio(1n, 1n);

  private constructor(
    readonly numerator: bigint,
    /** Always positive: the sign lives in the numerator. */
    readonly denominator: bigint,
  ) {
    Object.freeze(this);
  }

  /** A plain non-negative decimal text ("65000", "0.000015"); `what` names it in the error. */
  static parse(text: string, what = 'rate'): Ratio {
    if (typeof text !== 'string' || text.length > MAX_TEXT_LENGTH || !PLAIN_DECIMAL.test(text)) {
      throw new RangeError(
        `${what} must be a non-negative decimal string, got ${JSON.stringify(text)}`,
      );
    }
    const [whole = '', fraction = ''] = text.split('.');
    return new Ratio(BigInt(`${whole}${fraction}`), pow10(fraction.length));
  }

  /** `units / 10^decimals`: an amount counted in steps of its unit (cents, satoshis). */
  static fromScaled(units: bigint, decimals: number): Ratio {
    return new Ratio(units, pow10(decimals));
  }

  static of(value: Ratio | string, what = 'rate'): Ratio {
    return value instanceof Ratio ? value : Ratio.parse(value, what);
  }

  times(other: Ratio | string): Ratio {
    const factor = Ratio.of(other);
    return new Ratio(this.numerator * factor.numerator, this.denominator * factor.denominator);
  }

  /** This divided by `other`: `Ratio.of(from_usd).per(to_usd)` is units of `to` per `from`. */
  per(other: Ratio | string): Ratio {
    const divisor = Ratio.of(other);
    if (divisor.numerator === 0n) throw new RangeError('cannot divide by a zero rate');
    const sign = divisor.numerator < 0n ? -1n : 1n;
    return new Ratio(
      sign * this.numerator * divisor.denominator,
      sign * this.denominator * divisor.numerator,
    );
  }

  plus(other: Ratio | string): Ratio {
    const term = Ratio.of(other);
    return new Ratio(
      this.numerator * term.denominator + term.numerator * this.denominator,
      this.denominator * term.denominator,
    );
  }

  minus(other: Ratio | string): Ratio {
    const term = Ratio.of(other);
    return this.plus(new Ratio(-term.numerator, term.denominator));
  }

  abs(): Ratio {
    return this.numerator < 0n ? new Ratio(-this.numerator, this.denominator) : this;
  }

  compare(other: Ratio | string): -1 | 0 | 1 {
    const that = Ratio.of(other);
    const left = this.numerator * that.denominator;
    const right = that.numerator * this.denominator;
    return left < right ? -1 : left > right ? 1 : 0;
  }

  isZero(): boolean {
    return this.numerator === 0n;
  }

  /** The value in steps of 10^-decimals, rounded once as `rounding` says. */
  toScaled(decimals: number, rounding: Rounding): bigint {
    return divideRounded(this.numerator * pow10(decimals), this.denominator, rounding);
  }

  /** The shortest decimal text of the value rounded to at most `max_decimals` places. */
  toDecimal(max_decimals: number, rounding: Rounding): string {
    return decimalText(this.toScaled(max_decimals, rounding), max_decimals);
  }

  /** The exact decimal text; a value with no finite decimal form (1/3) has none. */
  toString(): string {
    let rest = this.denominator / gcd(this.numerator, this.denominator);
    let twos = 0;
    let fives = 0;
    while (rest % 2n === 0n) [rest, twos] = [rest / 2n, twos + 1];
    while (rest % 5n === 0n) [rest, fives] = [rest / 5n, fives + 1];
    if (rest !== 1n) throw new RangeError('this ratio has no finite decimal form');
    return this.toDecimal(Math.max(twos, fives), 'down');
  }
}
