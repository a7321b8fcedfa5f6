import { z } from 'zod';
import { DomainError } from '@platform/contracts';
import { ASSET_CODES, Money } from '@platform/money';
import type { SettingsOf } from '@platform/runtime';

/** A comma list of asset codes; an unknown code stops the boot. */
const assetList = () =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.enum(ASSET_CODES, { error: (issue) => `unknown asset ${String(issue.input)}` })),
    );

/** A USD amount, held as Money. */
const usdAmount = () =>
  z.string().transform((text, context) => {
    try {
      return Money.parse('USD', text);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      context.addIssue({ code: 'custom', message: `must be a positive USD amount, got ${text}` });
      return z.NEVER;
    }
  });

/** A plain decimal (no sign, no exponent). */
const plainDecimal = () => z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'must be a plain decimal');

/** The ledger service's settings: its runtime parses them once at boot. */
export const ledgerSettingsSchema = z.object({
  RATES_FILE: z
    .string()
    .optional()
    .meta({ unset: '`services/ledger/src/infrastructure/rates/rates.json`' })
    .describe(
      'the rate table, a JSON file (read and checked once at boot; payouts and payins read it from the ledger once, so restart them with it)',
    ),
  /** The spec leaves the volatile-asset limits' values open (§8): these hold until an operator sets them. */
  SETTLEMENT_LIMIT_PER_OPERATION_USD: usdAmount()
    .prefault('10000.00')
    .describe(
      'per-operation limit (in USD) of settlements and swaps in BTC, GOLD, SILVER, PLATINUM',
    ),
  SETTLEMENT_LIMIT_DAILY_USD: usdAmount()
    .prefault('50000.00')
    .describe('24-hour limit (in USD) of settlements and swaps in BTC, GOLD, SILVER, PLATINUM'),
  SETTLEMENT_DISABLED_ASSETS: assetList()
    .prefault('')
    .describe('comma list of assets refused as settlement asset'),
  SWAP_DISABLED_ASSETS: assetList().prefault('').describe('comma list of assets refused in swaps'),
  BTC_GUARD_THRESHOLD_USD: plainDecimal()
    .default('1000.00')
    .describe('BTC swaps from this USD value need a second, independent price source'),
  BTC_GUARD_TOLERANCE_PERCENT: plainDecimal()
    .default('1')
    .describe('how far (percent) the second BTC price may be from the rate table’s'),
  BTC_GUARD_PRICE_FILE: z
    .string()
    .optional()
    .meta({ unset: 'the rate table is its own second source (the sandbox never diverges)' })
    .describe('the second BTC price source, a JSON file `{"BTC": "<USD price>"}` read per check'),
});
export type LedgerSettings = SettingsOf<typeof ledgerSettingsSchema>;

export const LEDGER_SETTINGS = Symbol('LEDGER_SETTINGS');
