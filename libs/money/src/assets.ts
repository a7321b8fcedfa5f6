import { ASSET_CODES, type AssetCode } from '@platform/contracts';

/** One of the ten ledger balances of spec section 1. */
export type Asset = AssetCode;
export { ASSET_CODES };

export interface AssetRules {
  /** Digits after the point that an amount of this asset may carry. */
  readonly decimals: number;
  /** Swappable and usable as a settlement balance (spec §1 rule 1). */
  readonly convertible: boolean;
  /** Local fiat ledgers: fed only by same-currency flows, never swapped (spec §1 rules 2 and 6). */
  readonly same_currency_only: boolean;
  /** Subject to the per-operation and 24 h settlement limits (`settlement_limit_exceeded`). */
  readonly volatile: boolean;
}

const convertible = (decimals: number, volatile: boolean): AssetRules =>
  Object.freeze({ decimals, convertible: true, same_currency_only: false, volatile });
const localFiat = (decimals: number): AssetRules =>
  Object.freeze({ decimals, convertible: false, same_currency_only: true, volatile: false });

export const ASSETS: Readonly<Record<Asset, AssetRules>> = Object.freeze({
  USD: convertible(2, false),
  USDT: convertible(6, false),
  USDC: convertible(6, false),
  BTC: convertible(8, true),
  GOLD: convertible(6, true),
  SILVER: convertible(6, true),
  PLATINUM: convertible(6, true),
  BOB: localFiat(2),
  MXN: localFiat(2),
  ARS: localFiat(2),
});

export const CONVERTIBLE_ASSETS: readonly Asset[] = Object.freeze(
  ASSET_CODES.filter((code) => ASSETS[code].convertible),
);
export const VOLATILE_ASSETS: readonly Asset[] = Object.freeze(
  ASSET_CODES.filter((code) => ASSETS[code].volatile),
);

export function isAsset(value: unknown): value is Asset {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ASSETS, value);
}

/** Local currencies that payouts pay out in and payins collect in (the corridors of D6). */
export const CURRENCY_CODES = [
  'ARS',
  'BRL',
  'MXN',
  'COP',
  'PEN',
  'CLP',
  'USD',
  'VES',
  'BOB',
  'EUR',
] as const;
export type Currency = (typeof CURRENCY_CODES)[number];

export interface CurrencyRules {
  readonly decimals: number;
}

const fiat = (decimals: number): CurrencyRules => Object.freeze({ decimals });

export const CURRENCIES: Readonly<Record<Currency, CurrencyRules>> = Object.freeze({
  ARS: fiat(2),
  BRL: fiat(2),
  MXN: fiat(2),
  COP: fiat(2),
  PEN: fiat(2),
  // Chilean pesos have no minor unit: CLP bank transfers take whole numbers only (spec §8).
  CLP: fiat(0),
  USD: fiat(2),
  VES: fiat(2),
  BOB: fiat(2),
  EUR: fiat(2),
});

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CURRENCIES, value);
}

/**
 * What an amount of money can be counted in: a ledger asset or a local currency. The codes the
 * two share (USD, BOB, MXN, ARS) have the same precision in both, so a code alone fixes it.
 */
export type MoneyUnit = Asset | Currency;

export function isMoneyUnit(value: unknown): value is MoneyUnit {
  return isAsset(value) || isCurrency(value);
}

export function decimalsOf(unit: MoneyUnit): number {
  return isAsset(unit) ? ASSETS[unit].decimals : CURRENCIES[unit].decimals;
}
