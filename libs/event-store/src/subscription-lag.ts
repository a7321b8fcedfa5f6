import { addGaugeSource, type GaugeSample } from '@platform/observability';
import type { Pool } from 'pg';

/** How far a subscription is behind its store: 0 events and 0 seconds once caught up. */
export interface SubscriptionLag {
  events_behind: number;
  oldest_unprocessed_age_seconds: number;
}

/** The row the lag query answers: counts and ages as text (bigint and numeric stay exact). */
export interface SubscriptionLagRow {
  database?: string;
  events_behind: string;
  oldest_age_seconds: string | null;
}

/**
 * The lag a query row tells. An event's `occurred_at` may come from its writer's clock: an age
 * below zero (a clock ahead) counts as 0, so a lag is never negative.
 */
export function subscriptionLagOf(row: SubscriptionLagRow | undefined): SubscriptionLag {
  const events_behind = Number(row?.events_behind ?? 0);
  const age_seconds = events_behind > 0 ? Number(row?.oldest_age_seconds ?? 0) : 0;
  return {
    events_behind,
    oldest_unprocessed_age_seconds: Number.isFinite(age_seconds) ? Math.max(0, age_seconds) : 0,
  };
}

export interface SubscriptionLagTarget {
  pool: Pool;
  schema: string;
  name: string;
  types?: readonly string[];
  stream_prefix?: string;
}

/**
 * One statement: the events after the subscription's checkpoint that it reads (its types and
 * stream prefix), and the age of the oldest. The position index bounds it to the events behind.
 */
export async function readSubscriptionLag(
  target: SubscriptionLagTarget,
): Promise<SubscriptionLag & { database: string }> {
  const { rows } = await target.pool.query<SubscriptionLagRow>(
    `select current_database() as database, count(*)::text as events_behind,
            extract(epoch from now() - min(occurred_at))::text as oldest_age_seconds
       from ${target.schema}.events
      where position > coalesce(
              (select position from ${target.schema}.subscription_checkpoints where name = $1), 0)
        and ($2::text[] is null or type = any($2::text[]))
        and ($3::text is null or starts_with(stream, $3::text))`,
    [target.name, target.types ?? null, target.stream_prefix ?? null],
  );
  return { database: rows[0]?.database ?? '', ...subscriptionLagOf(rows[0]) };
}

type LagLabel = 'projection' | 'schema' | 'database';
const LAG_LABELS: LagLabel[] = ['projection', 'schema', 'database'];

/**
 * While a subscription runs, `/metrics` shows its lag at scrape time:
 * `projection_lag_events` and `projection_lag_seconds`. Returns what removes both.
 */
export function addSubscriptionLagGauges(target: SubscriptionLagTarget): () => void {
  const sample =
    (pick: (lag: SubscriptionLag) => number) => async (): Promise<GaugeSample<LagLabel>[]> => {
      const lag = await readSubscriptionLag(target);
      const labels = { projection: target.name, schema: target.schema, database: lag.database };
      return [{ labels, value: pick(lag) }];
    };
  const removers = [
    addGaugeSource(
      {
        name: 'projection_lag_events',
        help: 'events a subscription (projection, relay) has not processed yet',
        label_names: LAG_LABELS,
      },
      sample((lag) => lag.events_behind),
    ),
    addGaugeSource(
      {
        name: 'projection_lag_seconds',
        help: 'age of the oldest event a subscription (projection, relay) has not processed yet',
        label_names: LAG_LABELS,
      },
      sample((lag) => lag.oldest_unprocessed_age_seconds),
    ),
  ];
  return () => removers.forEach((remove) => remove());
}
