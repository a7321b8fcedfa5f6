import type { Environment } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';
import type { Pool } from 'pg';

export const DEPOSITS_EVENTS = Symbol('DEPOSITS_EVENTS');

/** Deposit events live in a schema of their own; they are the deposits' outbox to the bus. */
export async function openDepositsEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'crypto_deposits_events', environment });
  await store.migrate();
  return store;
}

export const depositStream = (deposit_id: string): string => `crypto-deposit-${deposit_id}`;
