import { DomainError } from '@platform/contracts';
import { ASSETS, Money, Ratio, isAsset, type Asset, type Currency } from '@platform/money';
import type { RateTable } from './swap-pricing';

/** A settlement (or payin settlement) asset: one of the seven convertible ones, not disabled. */
export function requireSettlementAsset(code: string, disabled: readonly string[]): Asset {
  if (!isAsset(code) || !ASSETS[code].convertible) {
    throw new DomainError(
      'invalid_settlement_asset',
      `${code} is not a convertible asset (USD, USDT, USDC, BTC, GOLD, SILVER, PLATINUM)`,
    );
  }
  if (disabled.includes(code)) {
    throw new DomainError('settlement_asset_disabled', `${code} is not available for settlement`);
  }
  return code;
}

/** What a transfer's `recipient` names: an account id (UUID), an email, a phone, or an alias. */
export type RecipientRef =
  | { kind: 'account_id'; account_id: string }
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string }
  | { kind: 'alias'; alias: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** E.164, the shape identity stores account phones in (its `invalid_phone` rule). */
const E164_PHONE = /^\+[1-9]\d{6,14}$/;

export function classifyRecipient(recipient: string | undefined): RecipientRef {
  const text = recipient?.trim() ?? '';
  if (text === '') throw new DomainError('recipient_required', 'recipient is required');
  if (UUID.test(text)) return { kind: 'account_id', account_id: text.toLowerCase() };
  // Emails are compared lower-cased (D7); an alias may be written with a leading @.
  if (text.indexOf('@') > 0) return { kind: 'email', email: text.toLowerCase() };
  // An alias starts with a letter, so `+` text never is one. Malformed `+` text (say `+12`) falls
  // through to the alias lookup and, naming nothing, answers recipient_not_found like any text
  // that matches no account.
  if (E164_PHONE.test(text)) return { kind: 'phone', phone: text };
  return { kind: 'alias', alias: text.replace(/^@/, '') };
}

/** Aliases: 3 to 30 of a-z, 0-9, `.`, `_`, `-`, starting with a letter; never an id or email. */
const ALIAS = /^[a-z][a-z0-9._-]{2,29}$/;

export function parseAlias(text: string): string {
  const alias = text.replace(/^@/, '');
  if (!ALIAS.test(alias)) {
    throw new DomainError(
      'invalid_request',
      'alias must be 3 to 30 characters of a-z, 0-9, ".", "_" or "-", starting with a letter',
    );
  }
  return alias;
}

/** `from` not after `to`, and at most `max_days` days long. */
export function requireRange(from: string, to: string, max_days: number): void {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0) throw new DomainError('invalid_range', 'from must not be after to');
  if (days >= max_days) {
    throw new DomainError('invalid_range', `the range is limited to ${max_days} days`);
  }
}

/** An amount in `asset` valued in USD at the table, rounded toward zero to cents. */
export function usdValueOf(amount: Money<Asset>, rates: RateTable): Money<'USD'> {
  const asset = amount.asset;
  if (ASSETS[asset].convertible) {
    return amount.convert('USD', rates.usd_per_unit[asset] ?? '0', 'down');
  }
  // Local fiat ledgers: the table says how many units one USD buys (a zero rate values nothing).
  const per_usd = Ratio.parse(rates.per_usd[asset as Currency] ?? '1');
  return per_usd.isZero()
    ? Money.zero('USD')
    : amount.convert('USD', Ratio.ONE.per(per_usd), 'down');
}

export function totalUsdOf(totals: readonly Money<Asset>[], rates: RateTable): Money<'USD'> {
  let sum = Money.zero('USD');
  for (const total of totals) sum = sum.add(usdValueOf(total, rates));
  return sum;
}

/** The payout corridors of D6 by country, for `GET /v1/rates`. */
export const RATE_COUNTRIES: readonly { country: string; currency: Currency }[] = [
  { country: 'AR', currency: 'ARS' },
  { country: 'BO', currency: 'BOB' },
  { country: 'BR', currency: 'BRL' },
  { country: 'CL', currency: 'CLP' },
  { country: 'CO', currency: 'COP' },
  { country: 'EC', currency: 'USD' },
  { country: 'EU', currency: 'EUR' },
  { country: 'MX', currency: 'MXN' },
  { country: 'PE', currency: 'PEN' },
  { country: 'US', currency: 'USD' },
  { country: 'VE', currency: 'VES' },
];
