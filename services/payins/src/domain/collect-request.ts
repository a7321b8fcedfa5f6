import { DomainError, IdempotencyKey, type PayinCollectBody } from '@platform/contracts';
import { Money } from '@platform/money';
import { COLLECT_METHODS, findCollectCorridor, type CollectCorridor } from './corridors';
import { readCode, readGlosa } from './create-request';

/** The payer of a pull collection, as their bank knows them. */
export interface CollectPayer {
  phone: string;
  document: string;
  bank_code: string;
}

export interface CollectRequest {
  corridor: CollectCorridor;
  amount: Money;
  otp: string;
  payer: CollectPayer;
  idempotency_key: string | null;
  glosa: string | null;
}

/**
 * Checks a `POST /v1/payins/collect` body. VE/VES `c2p` takes the payer's bank-issued dynamic
 * key in `otp` (6 to 8 digits), `debito_inmediato` the SMS code `/collect/otp` had the payer's
 * bank send; `payer` names the account to debit; `idempotency_key` is the gateway's choice (D7).
 */
export function readCollectRequest(body: PayinCollectBody): CollectRequest {
  const corridor = readCollectCorridor(body);
  const amount = Money.parseInput(corridor.currency, body.amount);
  const idempotency_key = IdempotencyKey.parse(body.idempotency_key);
  if (typeof body.otp !== 'string' || !/^\d{6,8}$/.test(body.otp))
    throw new DomainError(
      'invalid_request',
      'otp must be the 6 to 8 digit code the payer obtained from their bank',
    );
  return {
    corridor,
    amount,
    otp: body.otp,
    payer: readPayer(body.payer),
    idempotency_key,
    glosa: readGlosa(body.glosa),
  };
}

/** A `/collect/otp` request: whom the payer's bank sends the code to. */
export interface CollectOtpRequest {
  corridor: CollectCorridor;
  payer: CollectPayer;
}

/** How long the code a payer's bank sent stays usable by `/collect`. */
export const COLLECT_OTP_TTL_MS = 5 * 60_000;

/**
 * Checks a `/collect/otp` body (the collect body without `otp`). A corridor whose payer's bank
 * issues the key itself has no OTP route: that is `invalid_request`, as spec §4 says of `c2p`.
 */
export function readCollectOtpRequest(body: PayinCollectBody): CollectOtpRequest {
  const corridor = readCollectCorridor(body);
  if (!corridor.otp_route)
    throw new DomainError(
      'invalid_request',
      `${corridor.method} takes the key the payer's bank issued in otp; there is no OTP route`,
    );
  if (body.otp !== undefined)
    throw new DomainError('invalid_request', 'otp goes to /collect, once the payer received it');
  if (body.amount !== undefined) Money.parseInput(corridor.currency, body.amount);
  return { corridor, payer: readPayer(body.payer) };
}

/** The corridor of a collect or collect-OTP body. */
export function readCollectCorridor(body: PayinCollectBody): CollectCorridor {
  const method = body.method;
  if (typeof method !== 'string' || method === '')
    throw new DomainError(
      'invalid_request',
      `method is required, one of: ${COLLECT_METHODS.join(', ')}`,
    );
  const country = readCode(body.country, 'country', 'country_required', /^[A-Z]{2}$/);
  const currency = readCode(body.currency, 'currency', 'currency_required', /^[A-Z]{3}$/);
  const corridor = findCollectCorridor(method, country, currency);
  if (!corridor)
    throw new DomainError(
      'payin_corridor_unsupported',
      `that method does not collect ${currency} in ${country}; see GET /v1/payins/methods`,
    );
  return corridor;
}

function readPayer(value: unknown): CollectPayer {
  const payer =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const field = (name: keyof CollectPayer, pattern: RegExp): string => {
    const text = payer[name];
    if (typeof text !== 'string' || !pattern.test(text))
      throw new DomainError('invalid_request', `payer.${name} is required and must be valid`);
    return text;
  };
  const extra = Object.keys(payer).filter(
    (key) => !['phone', 'document', 'bank_code'].includes(key),
  );
  if (extra.length > 0)
    throw new DomainError('invalid_json', `unknown field(s): payer.${extra[0]}`);
  return {
    phone: field('phone', /^\+?\d{7,15}$/),
    document: field('document', /^[A-Za-z0-9-]{3,20}$/),
    bank_code: field('bank_code', /^\d{4}$/),
  };
}
