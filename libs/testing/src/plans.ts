/** What runs a query: a pool or a client of `pg`. */
interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a statement would read whole (a Seq Scan), as PostgreSQL plans it with these values
 * and the tables' statistics as they are. EXPLAIN without ANALYZE: nothing runs, nothing changes.
 */
export async function tablesReadWhole(
  database: Queryable,
  text: string,
  values: readonly unknown[],
): Promise<string[]> {
  const { rows } = await database.query(`explain (format json) ${text}`, [...values]);
  const [explained] = rows[0]?.['QUERY PLAN'] as [{ Plan: PlanNode }];
  const scanned = new Set<string>();
  const visit = (node: PlanNode): void => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'])
      scanned.add(node['Relation Name']);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(explained.Plan);
  return [...scanned].sort();
}

/**
 * A pool that runs each statement on `pool` and counts them: for a repository that should send
 * fewer statements than it is asked for (group commit). Only `query` is there.
 */
export function countingPool<P extends Queryable>(pool: P): { pool: P; sent: () => number } {
  let sent = 0;
  const query = (text: string, values: unknown[]) => {
    sent += 1;
    return pool.query(text, values);
  };
  return { pool: { query } as unknown as P, sent: () => sent };
}
