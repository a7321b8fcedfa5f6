import { DomainError, IdempotencyKey, type PayinCreateBody } from '@platform/contracts';
import { Money, type Asset } from '@platform/money';
import {
  CHECKOUT_ASSETS,
  findCorridor,
  PAYIN_METHODS,
  type CorridorMethod,
  type PayinCorridor,
} from './corridors';

/** Spec §8: a card session is open at least 5 minutes and at most 48 hours. */
export const CARD_EXPIRY_MIN_MS = 5 * 60 * 1000;
export const CARD_EXPIRY_MAX_MS = 48 * 60 * 60 * 1000;
/** Spec §8: a checkout link lives 10 minutes to 7 days. */
export const CHECKOUT_EXPIRES_IN_MIN_S = 600;
export const CHECKOUT_EXPIRES_IN_MAX_S = 604_800;
/** Card settlement delays beyond 30 business days are a mistake, not a business term. */
export const MAX_SETTLEMENT_HOURS = 720;
const MAX_GLOSA_LENGTH = 140;
const MAX_URL_LENGTH = 2048;

export interface Customer {
  name?: string;
  email?: string;
}

export interface CardOptions {
  settlement_hours: number;
  save_card: boolean;
  success_url: string | null;
  failure_url: string | null;
}

export interface CorridorPayinRequest {
  method: CorridorMethod;
  corridor: PayinCorridor;
  country: string;
  currency: string;
  amount: Money;
  idempotency_key: string | null;
  glosa: string | null;
  customer: Customer | null;
  /** Null: the corridor's default expiry applies. */
  expires_at: Date | null;
  fiat_hold_local: boolean;
  card: CardOptions | null;
}

export interface CheckoutPayinRequest {
  method: 'checkout';
  settlement_asset: Asset;
  amount: Money<Asset>;
  idempotency_key: string | null;
  expires_at: Date;
  success_url: string | null;
  failure_url: string | null;
}

export type PayinRequest = CorridorPayinRequest | CheckoutPayinRequest;

/**
 * Checks a `POST /v1/payins` body (decisions D4) and answers the first problem with the code of
 * spec §7. `idempotency_key` is the one the gateway chose between the body's and the header's;
 * the platform's own charges read theirs with `IdempotencyKey.platform` (a reserved prefix).
 */
export function readPayinRequest(
  body: PayinCreateBody,
  now: Date,
  readKey: (value: unknown) => string | null = IdempotencyKey.parse,
): PayinRequest {
  const method = readMethod(body.method);
  const idempotency_key = readKey(body.idempotency_key);
  if (method === 'checkout') return readCheckout(body, idempotency_key, now);
  return readCorridorPayin(method, body, idempotency_key, now);
}

function readMethod(value: unknown): (typeof PAYIN_METHODS)[number] {
  if (value === undefined || value === null || value === '')
    throw new DomainError('invalid_request', `method is required: ${PAYIN_METHODS.join(', ')}`);
  const method = PAYIN_METHODS.find((candidate) => candidate === value);
  if (!method)
    throw new DomainError(
      'payin_corridor_unsupported',
      `method must be one of ${PAYIN_METHODS.join(', ')}`,
    );
  return method;
}

function readCorridorPayin(
  method: CorridorMethod,
  body: PayinCreateBody,
  idempotency_key: string | null,
  now: Date,
): CorridorPayinRequest {
  for (const field of ['expires_in', 'settlement_asset'] as const) {
    if (body[field] !== undefined)
      throw new DomainError('invalid_request', `${field} applies to checkout links only`);
  }
  const country = readCode(body.country, 'country', 'country_required', /^[A-Z]{2}$/);
  const currency = readCode(body.currency, 'currency', 'currency_required', /^[A-Z]{3}$/);
  const corridor = findCorridor(method, country, currency);
  if (!corridor)
    throw new DomainError(
      'payin_corridor_unsupported',
      `${method} does not collect ${currency} in ${country}; see GET /v1/payins/methods`,
    );
  const amount = Money.parseInput(corridor.currency, body.amount);
  const fiat_hold_local = readOptionalBoolean(body.fiat_hold_local, 'fiat_hold_local') ?? false;
  if (fiat_hold_local && !corridor.fiat_hold_local)
    throw new DomainError('invalid_request', 'fiat_hold_local applies to BOB, MXN and ARS payins');
  const card = method === 'card' ? readCardOptions(body) : null;
  if (method !== 'card') rejectCardOnlyFields(body);
  // A stored-card charge has no payer on a hosted page: the customer is optional.
  const customer = readCustomer(
    body.customer,
    method === 'card' && body.instrument_id === undefined,
  );
  return {
    method,
    corridor,
    country,
    currency,
    amount,
    idempotency_key,
    glosa: readGlosa(body.glosa),
    customer,
    expires_at: method === 'card' ? readCardExpiry(body.expires_at, now) : null,
    fiat_hold_local,
    card,
  };
}

function readCheckout(
  body: PayinCreateBody,
  idempotency_key: string | null,
  now: Date,
): CheckoutPayinRequest {
  // The checkout charge is denominated in settlement_asset (spec §9 breaking change).
  for (const field of [
    'currency',
    'country',
    'expires_at',
    'settlement_hours',
    'save_card',
    'fiat_hold_local',
    'instrument_id',
  ] as const) {
    if (body[field] !== undefined)
      throw new DomainError(
        'invalid_request',
        field === 'currency'
          ? 'a checkout link is charged in settlement_asset; currency is not accepted'
          : `${field} does not apply to checkout links`,
      );
  }
  const settlement_asset = readSettlementAsset(body.settlement_asset);
  const amount = Money.parseInput(settlement_asset, body.amount);
  const expires_in = body.expires_in;
  if (
    typeof expires_in !== 'number' ||
    !Number.isInteger(expires_in) ||
    expires_in < CHECKOUT_EXPIRES_IN_MIN_S ||
    expires_in > CHECKOUT_EXPIRES_IN_MAX_S
  ) {
    throw new DomainError(
      'invalid_request',
      `expires_in must be a whole number of seconds from ${CHECKOUT_EXPIRES_IN_MIN_S} to ${CHECKOUT_EXPIRES_IN_MAX_S}`,
    );
  }
  return {
    method: 'checkout',
    settlement_asset,
    amount,
    idempotency_key,
    expires_at: new Date(now.getTime() + expires_in * 1000),
    success_url: readUrl(body.success_url, 'success_url'),
    failure_url: readUrl(body.failure_url, 'failure_url'),
  };
}

function readSettlementAsset(value: unknown): Asset {
  if (value === undefined) return 'USD';
  const asset = CHECKOUT_ASSETS.find((candidate) => candidate === value);
  if (!asset)
    throw new DomainError(
      'invalid_settlement_asset',
      `settlement_asset must be one of ${CHECKOUT_ASSETS.join(', ')}`,
    );
  return asset;
}

export function readCode(
  value: unknown,
  field: 'country' | 'currency',
  missing: 'country_required' | 'currency_required',
  pattern: RegExp,
): string {
  if (value === undefined || value === null || value === '')
    throw new DomainError(missing, `${field} is required`);
  if (typeof value !== 'string' || !pattern.test(value))
    throw new DomainError(
      field === 'country' ? 'invalid_country' : 'invalid_request',
      field === 'country'
        ? 'country must be an ISO 3166-1 alpha-2 code such as MX'
        : 'currency must be an ISO 4217 code such as MXN',
    );
  return value;
}

function readCardOptions(body: PayinCreateBody): CardOptions {
  return {
    settlement_hours: readSettlementHours(body.settlement_hours),
    save_card: readOptionalBoolean(body.save_card, 'save_card') ?? false,
    success_url: readUrl(body.success_url, 'success_url'),
    failure_url: readUrl(body.failure_url, 'failure_url'),
  };
}

function rejectCardOnlyFields(body: PayinCreateBody): void {
  for (const field of [
    'expires_at',
    'settlement_hours',
    'save_card',
    'success_url',
    'failure_url',
    'instrument_id',
  ] as const) {
    if (body[field] !== undefined)
      throw new DomainError('invalid_request', `${field} applies to card payins only`);
  }
}

/** Spec §8: 0 or a multiple of 24, counted in business days. */
export function readSettlementHours(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 0 ||
    value % 24 !== 0 ||
    value > MAX_SETTLEMENT_HOURS
  ) {
    throw new DomainError(
      'invalid_settlement_hours',
      `settlement_hours must be 0 or a multiple of 24 up to ${MAX_SETTLEMENT_HOURS}`,
    );
  }
  return value;
}

function readCardExpiry(value: unknown, now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const at = typeof value === 'string' && rfc3339.test(value) ? new Date(value) : null;
  const ahead_ms = at ? at.getTime() - now.getTime() : Number.NaN;
  if (!at || !(ahead_ms >= CARD_EXPIRY_MIN_MS && ahead_ms <= CARD_EXPIRY_MAX_MS))
    throw new DomainError(
      'invalid_request',
      'expires_at must be an RFC 3339 time at least 5 minutes and at most 48 hours ahead',
    );
  return at;
}

function readCustomer(value: unknown, required: boolean): Customer | null {
  if (value === undefined || value === null) {
    if (required) throw new DomainError('invalid_request', 'customer {name, email} is required');
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value))
    throw new DomainError('invalid_request', 'customer must be an object');
  const { name, email, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    throw new DomainError('invalid_json', `unknown field(s): customer.${Object.keys(rest)[0]}`);
  const valid_name = typeof name === 'string' && name.trim().length > 0 && name.length <= 120;
  const valid_email = typeof email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
  if ((required || name !== undefined) && !valid_name)
    throw new DomainError('invalid_request', 'customer.name must be a non-empty string');
  if ((required || email !== undefined) && !valid_email)
    throw new DomainError('invalid_email', 'customer.email must be an email address');
  return {
    ...(valid_name ? { name: name as string } : {}),
    ...(valid_email ? { email: email as string } : {}),
  };
}

export function readGlosa(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_GLOSA_LENGTH)
    throw new DomainError(
      'invalid_request',
      `glosa must be a string of at most ${MAX_GLOSA_LENGTH} characters`,
    );
  return value;
}

function readUrl(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  let valid = false;
  if (typeof value === 'string' && value.length <= MAX_URL_LENGTH) {
    try {
      valid = ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      valid = false;
    }
  }
  if (!valid) throw new DomainError('invalid_request', `${field} must be an http(s) URL`);
  return value as string;
}

function readOptionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean')
    throw new DomainError('invalid_request', `${field} must be true or false`);
  return value;
}
