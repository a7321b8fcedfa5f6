import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { decide, evolve, type CardCommand } from '../domain/card';
import { appendCardEvent } from '../infrastructure/card-events';
import type { CardsRepository, IssuedCardRow } from '../infrastructure/cards.repository';

/**
 * Applies a command of the card's state machine: load (locked), decide, store what it decided
 * and its `cards.card_status_changed` in one transaction (the event is published after commit).
 */
export class CardStatusChanges {
  constructor(
    private readonly pool: Pool,
    private readonly cards: CardsRepository,
    private readonly events: PgEventStore,
  ) {}

  async apply(account_id: string, card_id: string, command: CardCommand): Promise<IssuedCardRow> {
    return withTransaction(this.pool, async (client) => {
      const card = await this.cards.lock(client, account_id, card_id);
      if (!card) throw new DomainError('not_found', 'no such card');
      const changes = decide(command, card);
      if (changes.length === 0) return card;
      const next = changes.reduce(evolve, { status: card.status, reason: card.reason });
      const stored = await this.cards.setStatus(client, card.card_id, next.status, next.reason);
      for (const change of changes)
        await appendCardEvent(this.events, client, stored, 'cards.card_status_changed', {
          card_id: stored.card_id,
          account_id: stored.account_id,
          status: change.status,
          previous_status: change.previous_status,
          reason: change.reason,
          changed_at: stored.updated_at.toISOString(),
        });
      return stored;
    });
  }
}
