import type { ClientBase, Pool } from 'pg';
import { LEDGER_SCHEMA } from '../balances-projection';

/**
 * Reads over the movements projection between organization-local dates: `from` at its local
 * midnight (inclusive), `to` up to the next local midnight (exclusive), in the IANA `timezone`.
 */
export interface LocalRange {
  account_id: string;
  timezone: string;
  /** YYYY-MM-DD. */
  from: string;
  /** YYYY-MM-DD, included whole. */
  to: string;
}

const START = `(($2::date)::timestamp at time zone $4)`;
const END = `((($3::date) + 1)::timestamp at time zone $4)`;

function rangeParameters(range: LocalRange) {
  return [range.account_id, range.from, range.to, range.timezone];
}

/** Per asset: the sum of movements before the range (the opening balance). */
export async function openingBalances(
  client: ClientBase,
  range: LocalRange,
): Promise<Map<string, string>> {
  const { rows } = await client.query<{ asset: string; balance: string }>(
    `select asset, sum(amount)::text as balance from ${LEDGER_SCHEMA}.movements
      where account_id = $1 and created_at < ${START} and $3::date is not null
      group by asset`,
    rangeParameters(range),
  );
  return new Map(rows.map((row) => [row.asset, row.balance]));
}

export interface DailyChange {
  date: string;
  asset: string;
  change: string;
}

/** Per local day and asset in the range: the net change. */
export async function dailyChanges(client: ClientBase, range: LocalRange): Promise<DailyChange[]> {
  const { rows } = await client.query<DailyChange>(
    `select to_char((created_at at time zone $4)::date, 'YYYY-MM-DD') as date, asset,
            sum(amount)::text as change
       from ${LEDGER_SCHEMA}.movements
      where account_id = $1 and created_at >= ${START} and created_at < ${END}
      group by 1, 2 order by 1`,
    rangeParameters(range),
  );
  return rows;
}

export interface KindTotal {
  kind: string;
  asset: string;
  credits: string;
  debits: string;
  count: number;
}

/** Per kind and asset in the range: credits (positive), debits (as a positive sum), count. */
export async function totalsByKind(client: ClientBase, range: LocalRange): Promise<KindTotal[]> {
  const { rows } = await client.query<KindTotal>(
    `select kind, asset,
            coalesce(sum(amount) filter (where amount > 0), 0)::text as credits,
            coalesce(-sum(amount) filter (where amount < 0), 0)::text as debits,
            count(*)::int as count
       from ${LEDGER_SCHEMA}.movements
      where account_id = $1 and created_at >= ${START} and created_at < ${END}
      group by kind, asset order by kind, asset`,
    rangeParameters(range),
  );
  return rows;
}

/** Today's date in the timezone, and `days_back` days before it, as YYYY-MM-DD. */
export async function localDates(
  pool: Pool,
  timezone: string,
  days_back: number,
): Promise<{ today: string; start: string }> {
  const { rows } = await pool.query<{ today: string; start: string }>(
    `select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today,
            to_char((now() at time zone $1)::date - $2::int, 'YYYY-MM-DD') as start`,
    [timezone, days_back],
  );
  const row = rows[0];
  if (!row) throw new Error('no local date');
  return row;
}

/** The instants bounding a local date range, ISO 8601 UTC. */
export async function rangeInstants(
  pool: Pool,
  timezone: string,
  from: string | undefined,
  to: string | undefined,
): Promise<{ from?: string; to?: string }> {
  const { rows } = await pool.query<{ from_at: Date | null; to_at: Date | null }>(
    `select ($1::date)::timestamp at time zone $3 as from_at,
            (($2::date) + 1)::timestamp at time zone $3 as to_at`,
    [from ?? null, to ?? null, timezone],
  );
  const row = rows[0];
  return {
    ...(row?.from_at ? { from: row.from_at.toISOString() } : {}),
    ...(row?.to_at ? { to: row.to_at.toISOString() } : {}),
  };
}
