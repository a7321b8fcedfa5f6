import type { Environment } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';
import type { Pool } from 'pg';

export const WITHDRAWALS_EVENTS = Symbol('WITHDRAWALS_EVENTS');

/** Withdrawal events live in a schema of their own; they are the withdrawals' outbox to the bus. */
export async function openWithdrawalsEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'crypto_withdrawals_events', environment });
  await store.migrate();
  return store;
}

export const withdrawalStream = (withdrawal_id: string): string => `withdrawal-${withdrawal_id}`;
