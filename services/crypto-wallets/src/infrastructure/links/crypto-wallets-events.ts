import type { Pool } from 'pg';
import type { Environment } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';

export const CRYPTO_WALLETS_EVENTS = Symbol('CRYPTO_WALLETS_EVENTS');

/** The service's events live in a schema of their own; they are its outbox to the bus. */
export async function openCryptoWalletsEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'crypto_wallets_events', environment });
  await store.migrate();
  return store;
}
