import { PgEventStore } from '@platform/event-store';
import type { Environment } from '@platform/contracts';
import type { Pool } from 'pg';

export const COMPLIANCE_EVENTS = Symbol('COMPLIANCE_EVENTS');

/** Compliance's events live in a schema of their own; they are the service's outbox to the bus. */
export async function openComplianceEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'compliance_events', environment });
  await store.migrate();
  return store;
}

export const verificationStream = (account_id: string): string => `verification-${account_id}`;

export const disputeStream = (dispute_id: string): string => `dispute-${dispute_id}`;
