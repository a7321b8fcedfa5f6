import { z } from 'zod';
import { ASSET_CODES } from '../assets';

/** Field schemas shared by several event payloads. */

export const idField = z.string().min(1);

/** A positive amount as the wire carries it; precision per asset is checked by @platform/money. */
export const positiveAmountField = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a plain decimal string')
  .refine((text) => /[1-9]/.test(text), 'greater than zero');

/** A balance: a plain decimal string that may be zero. */
export const balanceField = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a plain non-negative decimal string');

export const assetField = z.enum(ASSET_CODES);

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timezoneField = z.string().min(1).refine(isTimeZone, 'an IANA time zone name');

/** A BCP 47 language tag such as `en` or `es-AR`. */
export const localeField = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 language tag');
