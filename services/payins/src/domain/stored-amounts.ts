import { isMoneyUnit, Money, type MoneyUnit } from '@platform/money';

/** numeric::text may carry more zeros than the unit allows; they are not significant. */
function withoutTrailingZeros(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') || '0' : value;
}

/** A numeric column read back in its unit (zero allowed: refunded amounts start at 0). */
export function storedMoney<U extends MoneyUnit>(unit: U, value: string): Money<U> {
  return Money.parseSigned(unit, withoutTrailingZeros(value));
}

/** The wire form of a numeric column: the unit's precision ("50" USD is "50.00"). */
export function moneyText(unit: string | null, value: string | null): string | null {
  if (value === null) return null;
  return unit && isMoneyUnit(unit) ? storedMoney(unit, value).toString() : value;
}
