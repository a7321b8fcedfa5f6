import type { Pool } from 'pg';
import type { Environment } from '@platform/contracts';
import { PgEventStore } from '@platform/event-store';

export const RISK_SCORING_EVENTS = Symbol('RISK_SCORING_EVENTS');

/** The service's events live in a schema of their own; they are its outbox to the bus. */
export async function openRiskScoringEventStore(
  pool: Pool,
  environment: Environment,
): Promise<PgEventStore> {
  const store = new PgEventStore(pool, { schema: 'risk_scoring_events', environment });
  await store.migrate();
  return store;
}

export const reportStream = (report_id: string): string => `risk-report-${report_id}`;
export const consentStream = (consent_id: string): string => `risk-consent-${consent_id}`;
