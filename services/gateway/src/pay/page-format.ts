import type { Locale } from '../http';

/** The Intl locale of each page language. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN' };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const MAX_FRACTION_DIGITS = 20;

/**
 * A decimal string for a reader of `locale` (`1234.5` reads `1,234.50`, `1.234,50`,
 * `1,234.50`): at least two decimals, none of the value's dropped. The string goes to Intl as
 * a string, so no digit passes through a binary number. Anything not a decimal shows as is.
 */
export function formatDecimal(locale: Locale, decimal: string): string {
  if (!DECIMAL.test(decimal)) return decimal;
  const fraction = (decimal.split('.')[1] ?? '').replace(/0+$/, '');
  const digits = Math.min(Math.max(fraction.length, 2), MAX_FRACTION_DIGITS);
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    useGrouping: 'always',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal as `${number}`);
}

/** An amount and its currency or asset code: `1,234.50 USDT`. */
export function formatMoney(locale: Locale, decimal: string, code: string): string {
  return `${formatDecimal(locale, decimal)} ${code}`;
}

/**
 * An instant as a date and time of `time_zone` (the organization's), with the zone's short
 * name: `Nov 25, 2026, 09:30 AM EST`; an unknown zone reads in UTC.
 */
export function formatInstant(locale: Locale, instant: string, time_zone: string | null): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  try {
    return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      ...options,
      timeZone: time_zone ?? 'UTC',
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: 'UTC' }).format(
      date,
    );
  }
}

/** A country's name in `locale` (`MX` reads `Mexico`, `México`, `墨西哥`). */
export function countryName(locale: Locale, country: string): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}
