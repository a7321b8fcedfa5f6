import type { Pool } from 'pg';
import { rebuildBalances, applyBalanceEvents } from './balances-projection';
import { LEDGER_SCHEMA } from './ledger-store';
import { applyMovementEvents, rebuildMovements } from './movements-projection';
import {
  LEDGER_PROJECTIONS_SUBSCRIPTION,
  replayProjectionIn,
  type ProjectionReplay,
} from './projection-replay';

/** Rebuilds every ledger projection from zero (each up to its own live checkpoint). */
export async function rebuildProjections(
  pool: Pool,
): Promise<{ balances: number; movements: number }> {
  const balances = await rebuildBalances(pool);
  const movements = await rebuildMovements(pool);
  return { balances, movements };
}

/** A projection an operator can rebuild by name (`platform projections rebuild NAME`). */
export interface NamedProjection {
  name: string;
  /** Its one table, schema-qualified. */
  table: string;
  apply: ProjectionReplay['apply'];
}

export const LEDGER_PROJECTIONS: readonly NamedProjection[] = [
  { name: 'ledger.balances', table: `${LEDGER_SCHEMA}.balances`, apply: applyBalanceEvents },
  { name: 'ledger.movements', table: `${LEDGER_SCHEMA}.movements`, apply: applyMovementEvents },
];

/** Rows shown of each side of a difference; the counts are always whole. */
const ROWS_SHOWN = 20;

export interface ProjectionComparison {
  projection: string;
  replayed_events: number;
  /** Rows the live projection has and a rebuild from zero does not, and the other way round. */
  only_live: { count: number; rows: Record<string, string>[] };
  only_rebuilt: { count: number; rows: Record<string, string>[] };
  /** The rebuild replaced the live projection. */
  swapped: boolean;
}

/**
 * Rebuilds a projection from zero in a transaction of its own (a scratch copy: nobody else sees
 * it), compares it row by row with the live projection as it stood, and commits it in place of
 * the live one only with `swap`. The live projection's checkpoint is held meanwhile, so it
 * neither moves nor misses anything; readers keep seeing the live rows until a swap commits.
 */
export async function rebuildAndCompare(
  pool: Pool,
  projection: NamedProjection,
  options: { swap: boolean },
): Promise<ProjectionComparison> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const replayed_events = await replayProjectionIn(
      client,
      {
        subscription: LEDGER_PROJECTIONS_SUBSCRIPTION,
        tables: [projection.table],
        apply: projection.apply,
      },
      'delete',
      async () => {
        await client.query(
          `create temporary table live_projection on commit drop as select * from ${projection.table}`,
        );
      },
    );
    const side = async (from: string, minus: string) => {
      // Every column as text: an amount is shown exactly, never through a JS number.
      const { rows } = await client.query<{ row: Record<string, string>; count: string }>(
        `select (select jsonb_object_agg(key, value #>> '{}') from jsonb_each(to_jsonb(difference)))
                  as row,
                count(*) over ()::text as count
           from (select * from ${from} except all select * from ${minus}) as difference
          limit ${ROWS_SHOWN}`,
      );
      return { count: Number(rows[0]?.count ?? 0), rows: rows.map((found) => found.row) };
    };
    const only_live = await side('live_projection', projection.table);
    const only_rebuilt = await side(projection.table, 'live_projection');
    await client.query(options.swap ? 'commit' : 'rollback');
    return {
      projection: projection.name,
      replayed_events,
      only_live,
      only_rebuilt,
      swapped: options.swap,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
