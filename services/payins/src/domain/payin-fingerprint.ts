import { DomainError } from '@platform/contracts';
import type { CollectRequest } from './collect-request';
import type { PayinRequest } from './create-request';
import type { Payin } from './payin';
import { moneyText } from './stored-amounts';

/**
 * What a replay must match (spec §4): country, currency, method and the numeric amount. The
 * key's own rules are `IdempotencyKey` of @platform/contracts.
 */
export interface PayinFingerprint {
  method: string;
  country: string | null;
  currency: string;
  /** Normalized by its unit's precision, so `50.0` and `50.00` are one amount. */
  amount: string;
}

export function fingerprintOfRequest(request: PayinRequest): PayinFingerprint {
  return request.method === 'checkout'
    ? {
        method: 'checkout',
        country: null,
        currency: request.settlement_asset,
        amount: request.amount.toString(),
      }
    : {
        method: request.method,
        country: request.country,
        currency: request.currency,
        amount: request.amount.toString(),
      };
}

export function fingerprintOfCollect(request: CollectRequest): PayinFingerprint {
  return {
    method: request.corridor.method,
    country: request.corridor.country,
    currency: request.corridor.currency,
    amount: request.amount.toString(),
  };
}

function fingerprintOfPayin(payin: Payin): PayinFingerprint {
  return {
    method: payin.method,
    country: payin.country,
    currency: payin.currency,
    amount: moneyText(payin.currency, payin.local_amount) ?? payin.local_amount,
  };
}

/** Spec §4: the same key answers the original payin, for an equivalent request only. */
export function requireSameRequest(original: Payin, fingerprint: PayinFingerprint): void {
  const stored = fingerprintOfPayin(original);
  const same =
    stored.method === fingerprint.method &&
    stored.country === fingerprint.country &&
    stored.currency === fingerprint.currency &&
    stored.amount === fingerprint.amount;
  if (!same) throw idempotencyConflict();
}

/** A key the account used for another request. */
export function idempotencyConflict(): DomainError {
  return new DomainError(
    'idempotency_conflict',
    'this idempotency_key was used with a different country, currency, method or amount',
  );
}
