import Big from 'big.js';
import { DomainError } from '@platform/contracts';
import { ASSET_CODES, CURRENCY_CODES, decimalsOf, isMoneyUnit, type MoneyUnit } from './assets';
import { Ratio, type Rounding } from './ratio';

export type { Rounding };

/**
 * A private Big constructor: its settings cannot be changed by other code that configures the
 * global one. `strict` makes it refuse JS numbers, so no float can ever slip into an amount.
 */
const Decimal = Big();
Decimal.strict = true;

/** Longest amount text we read from a client; anything longer is a mistake or an attack. */
const MAX_AMOUNT_LENGTH = 40;
/**
 * D12: the ceiling of every amount a client sends, in integer digits (so below one quadrillion
 * of any unit). Stored and computed amounts (conversions, balances) are not held to it.
 */
export const MAX_INPUT_INTEGER_DIGITS = 15;
/**
 * Longest amount text we read back from storage. Sums and conversions of client amounts grow
 * past MAX_AMOUNT_LENGTH (a balance, a converted credit), and what the platform wrote it must be
 * able to read again: a projection that cannot parse a committed event stops for everyone.
 */
const MAX_STORED_LENGTH = 1_000;

const UNSIGNED_DECIMAL = /^\d+(\.\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Thrown when code mixes two units in one operation: a bug, never a client's mistake. */
export class MoneyUnitMismatchError extends Error {
  constructor(left: MoneyUnit, right: MoneyUnit, operation: string) {
    super(`cannot ${operation} ${left} with ${right}: convert first`);
    this.name = 'MoneyUnitMismatchError';
  }
}

function fractionDigits(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

function amountRule(unit: MoneyUnit, signed: boolean): string {
  const decimals = decimalsOf(unit);
  const kind = signed ? '' : 'positive ';
  return decimals === 0
    ? `amount must be a ${kind}whole number for ${unit}`
    : `amount must be a ${kind}decimal string with at most ${decimals} decimals for ${unit}`;
}

function requireUnit(unit: unknown): MoneyUnit {
  if (isMoneyUnit(unit)) return unit;
  const known = [...new Set<string>([...ASSET_CODES, ...CURRENCY_CODES])].join(', ');
  throw new DomainError('invalid_asset', `asset must be one of ${known}`);
}

function readDecimal(unit: MoneyUnit, text: unknown, signed: boolean, max_length: number): Big {
  const pattern = signed ? SIGNED_DECIMAL : UNSIGNED_DECIMAL;
  const wellFormed =
    typeof text === 'string' &&
    text.length <= max_length &&
    pattern.test(text) &&
    fractionDigits(text) <= decimalsOf(unit);
  if (!wellFormed) throw new DomainError('invalid_amount', amountRule(unit, signed));
  const value = new Decimal(text);
  if (!signed && value.eq('0')) throw new DomainError('invalid_amount', amountRule(unit, signed));
  return value;
}

/** A well-formed amount text (of any length) with more integer digits than the D12 ceiling. */
function aboveInputCeiling(text: unknown): boolean {
  if (typeof text !== 'string' || !UNSIGNED_DECIMAL.test(text)) return false;
  const integer_part = text.split('.', 1)[0]!.replace(/^0+/, '');
  return integer_part.length > MAX_INPUT_INTEGER_DIGITS;
}

/** Big keeps the sign of zero; money has only one zero. */
function withoutNegativeZero(value: Big): Big {
  return value.eq('0') ? new Decimal('0') : value;
}

/**
 * An exact amount of one asset or currency, immutable, never more precise than its unit.
 * Build it from wire text with `parseInput` (client input), `parse` (positive, passed on),
 * `parseStored` (positive, written by the platform) or `parseSigned` (stored movements and
 * balances); arithmetic is exact, and only `convert`, `multiply` and `fromRatio` round, with an
 * explicit mode.
 */
export class Money<U extends MoneyUnit = MoneyUnit> {
  private constructor(
    readonly asset: U,
    private readonly value: Big,
  ) {
    Object.freeze(this);
  }

  /**
   * An amount a client sent (D7, D12): `parse`, and at most MAX_INPUT_INTEGER_DIGITS integer
   * digits. Every route where money enters reads its amount with this.
   */
  static parseInput<U extends MoneyUnit>(asset: U, text: unknown): Money<U> {
    const unit = requireUnit(asset) as U;
    if (aboveInputCeiling(text)) {
      throw new DomainError(
        'invalid_amount',
        `amount must be below 10^${MAX_INPUT_INTEGER_DIGITS} (at most ${MAX_INPUT_INTEGER_DIGITS} integer digits)`,
      );
    }
    return new Money(unit, readDecimal(unit, text, false, MAX_AMOUNT_LENGTH));
  }

  /**
   * A plain positive decimal string within the unit's precision: a stored or computed amount,
   * or one a service passed on. Client input goes through `parseInput`.
   */
  static parse<U extends MoneyUnit>(asset: U, text: unknown): Money<U> {
    const unit = requireUnit(asset) as U;
    return new Money(unit, readDecimal(unit, text, false, MAX_AMOUNT_LENGTH));
  }

  /**
   * A positive amount the platform stored or computed (an event's amount, a stored payin): as
   * `parse`, but as long as storage holds it, so that whatever was written can be read back.
   */
  static parseStored<U extends MoneyUnit>(asset: U, text: unknown): Money<U> {
    const unit = requireUnit(asset) as U;
    return new Money(unit, readDecimal(unit, text, false, MAX_STORED_LENGTH));
  }

  /** A stored or computed amount that may be zero or negative (movements, balances). */
  static parseSigned<U extends MoneyUnit>(asset: U, text: unknown): Money<U> {
    const unit = requireUnit(asset) as U;
    return new Money(unit, withoutNegativeZero(readDecimal(unit, text, true, MAX_STORED_LENGTH)));
  }

  static zero<U extends MoneyUnit>(asset: U): Money<U> {
    return new Money(requireUnit(asset) as U, new Decimal('0'));
  }

  /** From an integer count of the unit's smallest step (cents for USD, satoshis for BTC). */
  static fromMinor<U extends MoneyUnit>(asset: U, amount_minor: bigint): Money<U> {
    const unit = requireUnit(asset) as U;
    if (typeof amount_minor !== 'bigint') throw new TypeError('amount_minor must be a bigint');
    return new Money(
      unit,
      withoutNegativeZero(new Decimal(`${amount_minor}e-${decimalsOf(unit)}`)),
    );
  }

  /** An exact value rounded once to the unit's precision, as `rounding` says. */
  static fromRatio<U extends MoneyUnit>(asset: U, value: Ratio, rounding: Rounding): Money<U> {
    const unit = requireUnit(asset) as U;
    return Money.fromMinor(unit, value.toScaled(decimalsOf(unit), rounding));
  }

  get decimals(): number {
    return decimalsOf(this.asset);
  }

  toMinor(): bigint {
    return BigInt(this.value.times(`1e${this.decimals}`).toFixed(0));
  }

  add(other: Money): Money<U> {
    this.requireSameUnit(other, 'add');
    return new Money(this.asset, this.value.plus(other.value));
  }

  subtract(other: Money): Money<U> {
    this.requireSameUnit(other, 'subtract');
    return new Money(this.asset, withoutNegativeZero(this.value.minus(other.value)));
  }

  negate(): Money<U> {
    return new Money(this.asset, withoutNegativeZero(this.value.times('-1')));
  }

  abs(): Money<U> {
    return new Money(this.asset, this.value.abs());
  }

  compare(other: Money): -1 | 0 | 1 {
    this.requireSameUnit(other, 'compare');
    return this.value.cmp(other.value);
  }

  eq(other: Money): boolean {
    return this.compare(other) === 0;
  }

  gt(other: Money): boolean {
    return this.compare(other) > 0;
  }

  gte(other: Money): boolean {
    return this.compare(other) >= 0;
  }

  lt(other: Money): boolean {
    return this.compare(other) < 0;
  }

  lte(other: Money): boolean {
    return this.compare(other) <= 0;
  }

  isZero(): boolean {
    return this.value.eq('0');
  }

  isNegative(): boolean {
    return this.value.lt('0');
  }

  isPositive(): boolean {
    return this.value.gt('0');
  }

  /**
   * This amount times `rate` (units of `to` per unit of this), rounded once to `to`'s precision.
   * The rate is a decimal text or an exact `Ratio` (a cross rate such as 1/65000 has no finite
   * decimal form). The mode is explicit because who gains the remainder is a business decision.
   */
  convert<T extends MoneyUnit>(to: T, rate: Ratio | string, rounding: Rounding): Money<T> {
    return Money.fromRatio(to, this.toRatio().times(Ratio.of(rate, 'rate')), rounding);
  }

  /** This amount times a plain factor (a fee rate, a share), rounded to this unit's precision. */
  multiply(factor: string, rounding: Rounding): Money<U> {
    return Money.fromRatio(
      this.asset,
      this.toRatio().times(Ratio.parse(factor, 'factor')),
      rounding,
    );
  }

  /** The exact value, to compute with before one final rounding (`fromRatio`). */
  toRatio(): Ratio {
    return Ratio.fromScaled(this.toMinor(), this.decimals);
  }

  /** The wire form: exactly the unit's precision, never an exponent ("50" USD is "50.00"). */
  toString(): string {
    return this.value.toFixed(this.decimals);
  }

  toJSON(): string {
    return this.toString();
  }

  private requireSameUnit(other: Money, operation: string): void {
    if (other.asset !== this.asset)
      throw new MoneyUnitMismatchError(this.asset, other.asset, operation);
  }
}
