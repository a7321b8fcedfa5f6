import {
  DomainError,
  IdempotencyKey,
  type SubscriptionCreateBody,
  type SubscriptionView,
} from '@platform/contracts';
import { Money } from '@platform/money';
import { findCorridor } from './corridors';
import { readCode } from './create-request';
import { assertInCorridor, type StoredCard } from './stored-card';
import type { Subscription } from './subscription';
import {
  isSubscriptionInterval,
  SUBSCRIPTION_INTERVALS,
  type SubscriptionInterval,
} from './subscription-schedule';

export interface SubscriptionRequest {
  stored_card_id: string;
  amount: Money;
  currency: string;
  interval: SubscriptionInterval;
  /** Null: the first charge is due at once. */
  start_at: Date | null;
  idempotency_key: string | null;
}

/** The stored card id of a create body, before the card is looked up. */
export function readStoredCardId(body: SubscriptionCreateBody): string {
  const value = body.stored_card_id;
  if (typeof value !== 'string' || value === '')
    throw new DomainError('invalid_request', 'stored_card_id is required');
  return value;
}

/**
 * Checks a `POST /v1/subscriptions` body against the card it charges: the card's corridor
 * decides the currency and the amount's precision, as a stored-card payin's would. Whether the
 * card may still be charged is the caller's to check after a replay (a revoked card does not
 * change the answer to a repeated request).
 */
export function readSubscriptionRequest(
  body: SubscriptionCreateBody,
  card: StoredCard,
): SubscriptionRequest {
  const idempotency_key = IdempotencyKey.parse(body.idempotency_key);
  const interval = body.interval;
  if (!isSubscriptionInterval(interval))
    throw new DomainError(
      'invalid_interval',
      `interval must be one of ${SUBSCRIPTION_INTERVALS.join(', ')}`,
    );
  const currency = readCode(body.currency, 'currency', 'currency_required', /^[A-Z]{3}$/);
  assertInCorridor(card, card.country, currency);
  const corridor = findCorridor('card', card.country, currency);
  if (!corridor)
    throw new DomainError('stored_card_corridor_mismatch', 'this card can no longer be charged');
  return {
    stored_card_id: card.instrument_id,
    amount: Money.parseInput(corridor.currency, body.amount),
    currency,
    interval,
    start_at: readStartAt(body.start_at),
    idempotency_key,
  };
}

function readStartAt(value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  const instant =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime()))
    throw new DomainError('invalid_request', 'start_at must be an ISO 8601 instant');
  return instant;
}

/** What makes two creates with one key the same request (`50.0` equals `50.00`). */
export function subscriptionFingerprint(request: SubscriptionRequest): string {
  return JSON.stringify([
    request.stored_card_id,
    request.amount.toString(),
    request.currency,
    request.interval,
    request.start_at?.toISOString() ?? null,
  ]);
}

export function subscriptionView(subscription: Subscription): SubscriptionView {
  return {
    subscription_id: subscription.subscription_id,
    stored_card_id: subscription.stored_card_id,
    amount: subscription.amount,
    currency: subscription.currency,
    country: subscription.country,
    interval: subscription.interval,
    status: subscription.status,
    start_at: subscription.anchor_at.toISOString(),
    next_charge_at: subscription.next_charge_at?.toISOString() ?? null,
    last_charge_status: subscription.last_charge_status,
    last_charge_at: subscription.last_charge_at?.toISOString() ?? null,
    created_at: subscription.created_at.toISOString(),
    canceled_at: subscription.canceled_at?.toISOString() ?? null,
  };
}
