import { DomainError } from '@platform/contracts';
import { storedCardView } from '../domain/stored-card';
import type { StoredCardsRepository } from '../infrastructure/stored-cards.repository';

/** The account's stored cards: listing and revocation. */
export class StoredCardsService {
  constructor(private readonly cards: StoredCardsRepository) {}

  async list(query: { account_id: string; limit: number; offset: number }) {
    const cards = await this.cards.list(query.account_id, query.limit, query.offset);
    return { cards: cards.map(storedCardView) };
  }

  /** Revoking twice answers the revoked card again. */
  async revoke(command: { account_id: string; instrument_id: string }) {
    const card = await this.cards.revoke(command.account_id, command.instrument_id);
    if (!card) throw new DomainError('not_found', 'stored card not found');
    return storedCardView(card);
  }
}
