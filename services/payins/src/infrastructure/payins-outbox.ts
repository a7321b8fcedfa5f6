import type { PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { EventType } from '@platform/contracts';

export interface PublishedEvent {
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * Appends events to the service's event store in the caller's transaction (the outbox): they
 * are published only once it commits.
 */
export async function appendToOutbox(
  events: PgEventStore,
  client: PoolClient,
  owner: { org_id: string; account_id: string },
  stream: string,
  published: readonly PublishedEvent[],
): Promise<void> {
  if (published.length === 0) return;
  await events.appendInTransaction(
    client,
    stream,
    published.map(({ type, data }) => ({
      type,
      data,
      org_id: owner.org_id,
      account_id: owner.account_id,
    })),
    { expected_version: 'any' },
  );
}
