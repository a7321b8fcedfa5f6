import { DomainError, type StoredCardView } from '@platform/contracts';
import type { PayinInstrument } from './payin';

/** A card saved by a paid card payin with `save_card: true` (a sandbox instrument). */
export interface StoredCard {
  instrument_id: string;
  account_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The corridor the card was saved in: it is charged in that corridor only. */
  country: string;
  currency: string;
  source_payin_id: string;
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * The instrument the sandbox's hosted card page tokenizes: a test card that expires three
 * years after it is saved. No card number is ever stored.
 */
export function sandboxInstrument(
  now: Date,
): Pick<StoredCard, 'brand' | 'last4' | 'exp_month' | 'exp_year'> {
  return { brand: 'visa', last4: '4242', exp_month: 12, exp_year: now.getUTCFullYear() + 3 };
}

/** A stored card may be charged while not revoked, in the corridor it was saved in. */
export function assertChargeable(card: StoredCard, country: unknown, currency: unknown): void {
  assertNotRevoked(card);
  assertInCorridor(card, country, currency);
}

export function assertNotRevoked(card: StoredCard): void {
  if (card.revoked_at) throw new DomainError('stored_card_revoked', 'this stored card was revoked');
}

/** A stored card is charged in the corridor it was saved in only. */
export function assertInCorridor(card: StoredCard, country: unknown, currency: unknown): void {
  if (country !== card.country || currency !== card.currency)
    throw new DomainError(
      'stored_card_corridor_mismatch',
      `this card is charged in ${card.currency} in ${card.country} only`,
    );
}

export function storedCardView(card: StoredCard): StoredCardView {
  return {
    instrument_id: card.instrument_id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    country: card.country,
    currency: card.currency,
    status: card.revoked_at ? 'revoked' : 'active',
    source_payin_id: card.source_payin_id,
    created_at: card.created_at.toISOString(),
    revoked_at: card.revoked_at?.toISOString() ?? null,
  };
}

/** The `instrument` of a payin that saved or charged this card. */
export function cardInstrument(card: StoredCard): PayinInstrument {
  return {
    type: 'card',
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  };
}
