import type { Pool } from 'pg';
import type { Environment } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';

export const BANKING_EVENTS = Symbol('BANKING_EVENTS');
export const BANKING_EVENTS_SCHEMA = 'banking_events';

/** The service's events live in a schema of their own; they are its outbox to the bus. */
export async function openBankingEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: BANKING_EVENTS_SCHEMA, environment });
  await store.migrate();
  return store;
}

export const customerStream = (customer_id: string): string => `banking-customer-${customer_id}`;
export const operationStream = (operation_id: string): string =>
  `banking-operation-${operation_id}`;
