/**
 * The ten ledger assets, as the wire and the events name them. This is the vocabulary only;
 * precision and the rules of each asset live in `@platform/money` (ASSETS), which builds on
 * this list so that the two can never disagree.
 */
export const ASSET_CODES = [
  'USD',
  'USDT',
  'USDC',
  'BTC',
  'GOLD',
  'SILVER',
  'PLATINUM',
  'BOB',
  'MXN',
  'ARS',
] as const;
export type AssetCode = (typeof ASSET_CODES)[number];

export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && (ASSET_CODES as readonly string[]).includes(value);
}
