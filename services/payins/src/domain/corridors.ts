import {
  COLLECT_METHODS,
  DEPOSIT_METHOD,
  PAYIN_METHODS,
  type PayinMethodsCatalog,
} from '@platform/contracts';
import { CONVERTIBLE_ASSETS, type Asset, type Currency } from '@platform/money';

/**
 * The payin corridor catalog (decisions D6), the one place that says which method collects
 * which currency in which country. `GET /v1/payins/methods` serves it as is.
 */

export { COLLECT_METHODS, DEPOSIT_METHOD, PAYIN_METHODS };
export type PayinMethod = (typeof PAYIN_METHODS)[number];

/** Pull collections (`POST /v1/payins/collect`): the platform debits the payer's account. */
export type CollectMethod = (typeof COLLECT_METHODS)[number];

/** A payment a payer sent to a dedicated deposit account: no request created it. */
export type DepositMethod = typeof DEPOSIT_METHOD;

/** Every method a stored payin may carry. */
export type StoredPayinMethod = PayinMethod | CollectMethod | DepositMethod;

/** The methods that collect a local amount in a country (all but the checkout link). */
export type CorridorMethod = Exclude<PayinMethod, 'checkout'>;

/**
 * How the payer's payment reaches us: `push` (the payer pushes funds, we are notified) and
 * `polling` (we also poll the rail), `redirect` (the payer is sent to a hosted page).
 */
export type Delivery = 'push+polling' | 'push' | 'redirect+push';

export interface PayinCorridor {
  method: CorridorMethod;
  country: string;
  currency: Currency;
  delivery: Delivery;
  /** How long an unpaid collection stays open, unless the request says otherwise. */
  default_expiry_minutes: number;
  /** Payins that may stay in the local fiat ledger (spec §1 rule 2). */
  fiat_hold_local: boolean;
  /**
   * Collections no rail reports: two different operators of the account confirm them
   * (`confirm-received`, then `confirm-approve` or `confirm-cancel`; spec §4, EC/USD).
   */
  manual_confirmation: boolean;
}

const corridor = (
  method: CorridorMethod,
  country: string,
  currency: Currency,
  delivery: Delivery,
  default_expiry_minutes: number,
): PayinCorridor => ({
  method,
  country,
  currency,
  delivery,
  default_expiry_minutes,
  fiat_hold_local: currency === 'BOB' || currency === 'MXN' || currency === 'ARS',
  manual_confirmation: false,
});

const THREE_DAYS_MINUTES = 3 * 24 * 60;

export const PAYIN_CORRIDORS: readonly PayinCorridor[] = Object.freeze([
  corridor('bank_transfer', 'US', 'USD', 'push+polling', THREE_DAYS_MINUTES),
  corridor('bank_transfer', 'MX', 'MXN', 'push+polling', THREE_DAYS_MINUTES),
  corridor('bank_transfer', 'AR', 'ARS', 'push+polling', THREE_DAYS_MINUTES),
  {
    ...corridor('bank_transfer', 'EC', 'USD', 'push', THREE_DAYS_MINUTES),
    manual_confirmation: true,
  },
  corridor('qr', 'BO', 'BOB', 'push+polling', 30),
  corridor('qr', 'BR', 'BRL', 'push', 30),
  corridor('qr', 'AR', 'ARS', 'push+polling', 30),
  corridor('card', 'US', 'USD', 'redirect+push', 24 * 60),
  corridor('fintoc', 'CL', 'CLP', 'redirect+push', 60),
]);

export function findCorridor(
  method: CorridorMethod,
  country: string,
  currency: string,
): PayinCorridor | undefined {
  return PAYIN_CORRIDORS.find(
    (entry) => entry.method === method && entry.country === country && entry.currency === currency,
  );
}

/**
 * Pull collection corridors. `otp_route: false`: the payer's bank issues the one-time key
 * itself (VE/VES `c2p`: the payer's dynamic key goes in `otp`; there is no OTP route).
 * `otp_route: true`: `/collect/otp` makes the payer's bank send the payer an SMS code, which
 * `/collect` then presents in `otp` (VE/VES `debito_inmediato`).
 */
export interface CollectCorridor {
  method: CollectMethod;
  country: string;
  currency: Currency;
  delivery: Delivery;
  default_expiry_minutes: number;
  otp_route: boolean;
}

export const COLLECT_CORRIDORS: readonly CollectCorridor[] = Object.freeze([
  {
    method: 'c2p',
    country: 'VE',
    currency: 'VES',
    delivery: 'push+polling',
    default_expiry_minutes: 10,
    otp_route: false,
  },
  {
    method: 'debito_inmediato',
    country: 'VE',
    currency: 'VES',
    delivery: 'push+polling',
    default_expiry_minutes: 10,
    otp_route: true,
  },
]);

export function findCollectCorridor(
  method: string,
  country: string,
  currency: string,
): CollectCorridor | undefined {
  return COLLECT_CORRIDORS.find(
    (entry) => entry.method === method && entry.country === country && entry.currency === currency,
  );
}

/** Corridors of dedicated deposit accounts (`POST /v1/payins/deposit-accounts`). */
export const DEPOSIT_CORRIDORS: readonly { country: string; currency: Currency; alias: boolean }[] =
  Object.freeze([
    { country: 'MX', currency: 'MXN', alias: false },
    { country: 'AR', currency: 'ARS', alias: true },
    { country: 'US', currency: 'USD', alias: false },
  ]);

/** Checkout links charge in one of the seven convertible assets (spec §2). */
export const CHECKOUT_ASSETS: readonly Asset[] = CONVERTIBLE_ASSETS;

export function methodsCatalog(): PayinMethodsCatalog {
  return {
    methods: [
      ...PAYIN_CORRIDORS.map((entry) => ({
        method: entry.method,
        country: entry.country,
        currency: entry.currency,
        delivery: entry.delivery,
        fiat_hold_local: entry.fiat_hold_local,
        ...(entry.manual_confirmation ? { manual_confirmation: true as const } : {}),
      })),
      ...COLLECT_CORRIDORS.map(({ method, country, currency, delivery, otp_route }) => ({
        method,
        kind: 'collect' as const,
        otp_route,
        country,
        currency,
        delivery,
        fiat_hold_local: false,
      })),
      {
        method: 'checkout',
        country: null,
        currency: null,
        delivery: 'redirect+push',
        fiat_hold_local: false,
        settlement_assets: [...CHECKOUT_ASSETS],
      },
    ],
  };
}
