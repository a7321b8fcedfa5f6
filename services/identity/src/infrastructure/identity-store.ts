import { PgEventStore } from '@platform/event-store';
import type { Environment } from '@platform/contracts';
import type { Pool } from 'pg';

export const IDENTITY_EVENTS = Symbol('IDENTITY_EVENTS');

/** Identity's events live in a schema of their own; they are its outbox to the bus. */
export async function openIdentityEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'identity_events', environment });
  await store.migrate();
  return store;
}
