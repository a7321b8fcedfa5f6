import type { Pool, PoolClient } from 'pg';
import type { Environment, EventData, EventType } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';

export const CARDS_EVENTS = Symbol('CARDS_EVENTS');

/** The service's events live in a schema of their own; they are its outbox to the bus. */
export async function openCardsEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'cards_events', environment });
  await store.migrate();
  return store;
}

type CardEventType = Extract<EventType, `cards.${string}`>;

/** Appends one card event in the caller's transaction: published only once it commits. */
export async function appendCardEvent<T extends CardEventType>(
  events: PgEventStore,
  client: PoolClient,
  card: { card_id: string; account_id: string; org_id: string },
  type: T,
  data: EventData<T>,
): Promise<void> {
  await events.appendInTransaction(
    client,
    `card-${card.card_id}`,
    [{ type, data, org_id: card.org_id, account_id: card.account_id }],
    { expected_version: 'any' },
  );
}
