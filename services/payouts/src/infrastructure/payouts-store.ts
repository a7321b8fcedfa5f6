import { PgEventStore } from '@platform/event-store';
import type { Environment } from '@platform/contracts';
import type { Pool } from 'pg';

export const PAYOUTS_EVENTS = Symbol('PAYOUTS_EVENTS');

/** Payout events live in a schema of their own; they are the service's outbox to the bus. */
export async function openPayoutsEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'payouts_events', environment });
  await store.migrate();
  return store;
}

export const payoutStream = (payout_id: string): string => `payout-${payout_id}`;
