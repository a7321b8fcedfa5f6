import type { Pool } from 'pg';
import { rebuildBalances } from './balances-projection';
import { rebuildMovements } from './movements-projection';

/** Rebuilds every ledger projection from zero (each up to its own live checkpoint). */
export async function rebuildProjections(
  pool: Pool,
): Promise<{ balances: number; movements: number }> {
  const balances = await rebuildBalances(pool);
  const movements = await rebuildMovements(pool);
  return { balances, movements };
}
