import { readFileSync } from 'node:fs';
import { ASSET_CODES } from '@platform/money';

/**
 * Configuration of the public surface, read at boot (the second BTC price is read per check):
 * - `SETTLEMENT_DISABLED_ASSETS`, `SWAP_DISABLED_ASSETS`: comma lists of asset codes.
 * - `BTC_GUARD_THRESHOLD_USD` (default 1000.00, spec §8), `BTC_GUARD_TOLERANCE_PERCENT`
 *   (default 1): BTC swaps from that USD value need a second price source within the tolerance.
 * - `BTC_GUARD_PRICE_FILE`: the second source, a JSON file `{"BTC": "<USD price>"}`. Unset, the
 *   rate table is its own second source (the deterministic sandbox never diverges).
 */
export interface PublicLedgerSettings {
  settlement_disabled_assets: readonly string[];
  swap_disabled_assets: readonly string[];
  btc_guard_threshold_usd: string;
  btc_guard_tolerance_percent: string;
  btc_guard_price_file: string | null;
}

function assetList(name: string, text: string | undefined): string[] {
  const codes = (text ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  for (const code of codes) {
    if (!(ASSET_CODES as readonly string[]).includes(code)) {
      throw new Error(`invalid configuration: ${name} names an unknown asset ${code}`);
    }
  }
  return codes;
}

function decimalSetting(name: string, text: string | undefined, fallback: string): string {
  const value = text ?? fallback;
  if (!/^\d{1,15}(\.\d{1,8})?$/.test(value)) {
    throw new Error(`invalid configuration: ${name} must be a plain decimal, got ${value}`);
  }
  return value;
}

export function readPublicLedgerSettings(
  settings: Readonly<Record<string, string | undefined>>,
): PublicLedgerSettings {
  return {
    settlement_disabled_assets: assetList(
      'SETTLEMENT_DISABLED_ASSETS',
      settings.SETTLEMENT_DISABLED_ASSETS,
    ),
    swap_disabled_assets: assetList('SWAP_DISABLED_ASSETS', settings.SWAP_DISABLED_ASSETS),
    btc_guard_threshold_usd: decimalSetting(
      'BTC_GUARD_THRESHOLD_USD',
      settings.BTC_GUARD_THRESHOLD_USD,
      '1000.00',
    ),
    btc_guard_tolerance_percent: decimalSetting(
      'BTC_GUARD_TOLERANCE_PERCENT',
      settings.BTC_GUARD_TOLERANCE_PERCENT,
      '1',
    ),
    btc_guard_price_file: settings.BTC_GUARD_PRICE_FILE || null,
  };
}

/** The second source's BTC price, or null when none is configured or it cannot be read. */
export function readSecondBtcPrice(file: string | null): string | null | 'unavailable' {
  if (file === null) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { BTC?: unknown };
    const price = parsed.BTC;
    return typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? price : 'unavailable';
  } catch {
    return 'unavailable';
  }
}
