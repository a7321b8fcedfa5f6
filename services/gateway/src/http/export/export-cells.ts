import Big from 'big.js';
import { wallClockOf } from '@platform/contracts';
import { decimalsOf, isMoneyUnit } from '@platform/money';

/**
 * Cells of an export: one value as a CSV field and as an XLSX cell. Dates are ISO 8601 instants
 * shown in the reader's organization time zone; amounts are decimal strings.
 */

/** Longest decimal part an amount may have (BTC: 8), and what a spreadsheet number holds exactly. */
const MAX_AMOUNT_DECIMALS = 8;
const MAX_SIGNIFICANT_DIGITS = 15;
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
const MS_PER_MINUTE = 60_000;

/** A private Big constructor, strict: it refuses JS numbers, so none can slip into an amount. */
const Decimal = Big();
Decimal.strict = true;

/** Excel's date-time format of date cells; their zone is named in the column header. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** `0` for whole units, `#,##0.00` for cents, `#,##0.000000` for six decimals... */
export function amountNumberFormat(decimals: number): string {
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

/** The decimals of `unit` (an asset or a currency code), or of the text itself when unknown. */
export function amountDecimals(text: string, unit: unknown): number {
  if (isMoneyUnit(unit)) return decimalsOf(unit);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * An amount as the JS number an XLSX numeric cell needs, or undefined to keep it as text.
 * This is the ONLY place an amount becomes a JS number, at the spreadsheet boundary: exceljs
 * writes numeric cells from numbers only, and a spreadsheet cannot sum text. The conversion is
 * exact or refused: at most 8 decimals and 15 significant digits (an IEEE double holds 15
 * exactly), and the number must read back as the same decimal.
 */
export function spreadsheetNumber(text: string): number | undefined {
  if (!SIGNED_DECIMAL.test(text)) return undefined;
  const decimal = new Decimal(text);
  const [, fraction = ''] = text.split('.');
  if (fraction.length > MAX_AMOUNT_DECIMALS) return undefined;
  if (decimal.c.length > MAX_SIGNIFICANT_DIGITS) return undefined;
  const number = Number(text);
  return new Decimal(String(number)).eq(decimal) ? number : undefined;
}

/** The instant `iso` as the wall clock of `timezone`, offset included: `2026-11-25T10:04:05-06:00`. */
export function localIsoDateTime(iso: string, timezone: string): string | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  const wall = wallClockDate(at, timezone);
  const offset_minutes = Math.round((wall.getTime() - secondsOf(at)) / MS_PER_MINUTE);
  return `${wall.toISOString().slice(0, 19)}${offsetText(offset_minutes)}`;
}

/**
 * The instant `iso` as an XLSX date cell reading the wall clock of `timezone`: spreadsheet dates
 * have no zone, so the cell holds the local date and time (exceljs writes a Date's UTC fields).
 */
export function spreadsheetDate(iso: string, timezone: string): Date | undefined {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : wallClockDate(at, timezone);
}

function wallClockDate(at: Date, timezone: string): Date {
  const clock = wallClockOf(at, timezone);
  const midnight = new Date(0).setUTCFullYear(clock.year, clock.month - 1, clock.day);
  return new Date(midnight + clock.seconds_of_day * 1000);
}

function secondsOf(at: Date): number {
  return Math.floor(at.getTime() / 1000) * 1000;
}

function offsetText(offset_minutes: number): string {
  const sign = offset_minutes < 0 ? '-' : '+';
  const minutes = Math.abs(offset_minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
