import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  ASSETS,
  CONVERTIBLE_ASSETS,
  CURRENCY_CODES,
  type Asset,
  type Currency,
} from '@platform/money';
import type { RateTable } from '../../domain';

/** The rate table shipped with the service; `RATES_FILE` points elsewhere. */
export const DEFAULT_RATES_FILE = path.join(__dirname, 'rates.json');

const price = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,20})?$/, 'a plain decimal string')
  .refine((text) => /[1-9]/.test(text), 'greater than zero');

/** Every local currency but USD itself, whose rate is 1 by definition. */
const QUOTED_CURRENCIES = CURRENCY_CODES.filter((code) => code !== 'USD');

const rateFileSchema = z.object({
  comment: z.string().optional(),
  usd_per_unit: z.object(
    Object.fromEntries(CONVERTIBLE_ASSETS.map((asset) => [asset, price])) as Record<
      Asset,
      typeof price
    >,
  ),
  per_usd: z.object(
    Object.fromEntries(QUOTED_CURRENCIES.map((currency) => [currency, price])) as Record<
      Currency,
      typeof price
    >,
  ),
});

/** A rate file that cannot be used: the service refuses to boot rather than price wrongly. */
export class InvalidRateTableError extends Error {
  constructor(file: string, problems: string) {
    super(`invalid rate table ${file}: ${problems}`);
    this.name = 'InvalidRateTableError';
  }
}

/** Reads and checks the rate table: every convertible asset and local currency priced. */
export function loadRateTable(file: string = DEFAULT_RATES_FILE): RateTable {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InvalidRateTableError(file, String(error));
  }
  const parsed = rateFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new InvalidRateTableError(file, problems);
  }
  const { usd_per_unit, per_usd } = parsed.data;
  if (!/^1(\.0+)?$/.test(usd_per_unit.USD)) {
    throw new InvalidRateTableError(file, 'usd_per_unit.USD must be 1');
  }
  return { usd_per_unit, per_usd: { ...per_usd, USD: '1' } };
}

export interface RateView {
  assets: {
    asset: Asset;
    decimals: number;
    convertible: boolean;
    same_currency_only: boolean;
    /** Null for the local fiat ledgers, which are never priced against other assets. */
    usd_per_unit: string | null;
  }[];
  currencies: { currency: Currency; per_usd: string }[];
}

/** The table as `ledger.get_rates` answers it. */
export function rateView(table: RateTable): RateView {
  return {
    assets: (Object.keys(ASSETS) as Asset[]).map((asset) => ({
      asset,
      decimals: ASSETS[asset].decimals,
      convertible: ASSETS[asset].convertible,
      same_currency_only: ASSETS[asset].same_currency_only,
      usd_per_unit: ASSETS[asset].convertible ? (table.usd_per_unit[asset] ?? null) : null,
    })),
    currencies: CURRENCY_CODES.map((currency) => ({
      currency,
      per_usd: table.per_usd[currency] ?? '1',
    })),
  };
}
