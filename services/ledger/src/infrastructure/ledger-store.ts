import type { Pool } from 'pg';
import type { Environment } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';

export const LEDGER_EVENTS = Symbol('LEDGER_EVENTS');

/** The schema of the ledger's event store: the source of truth and the outbox to the bus. */
export const LEDGER_EVENTS_SCHEMA = 'ledger_events';
/** The ledger's own schema, where its projections (and its dead letters) live. */
export const LEDGER_SCHEMA = 'ledger';

export async function openLedgerEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: LEDGER_EVENTS_SCHEMA, environment });
  await store.migrate();
  return store;
}
