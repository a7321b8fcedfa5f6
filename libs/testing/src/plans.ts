/** What runs a query: a pool or a client of `pg`. */
interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
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
  return seqScansOf(await database.query(`explain (format json) ${text}`, [...values]));
}

/**
 * The generic plan's steps, outermost first, each as its node type and the index or table it
 * reads (`Limit`, `Index Scan events_pkey`): to see that a read follows an index's order rather
 * than sorting what it found.
 */
export async function genericPlanSteps(database: Queryable, text: string): Promise<string[]> {
  const steps: string[] = [];
  visitPlan(await database.query(`explain (generic_plan, format json) ${text}`, []), (node) => {
    const read = node['Index Name'] ?? node['Relation Name'];
    steps.push(read ? `${node['Node Type']} ${read}` : (node['Node Type'] ?? ''));
  });
  return steps;
}

function seqScansOf(explained: { rows: Record<string, unknown>[] }): string[] {
  const scanned = new Set<string>();
  visitPlan(explained, (node) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'])
      scanned.add(node['Relation Name']);
  });
  return [...scanned].sort();
}

function visitPlan(explained: { rows: Record<string, unknown>[] }, see: (node: PlanNode) => void) {
  const [plan] = explained.rows[0]?.['QUERY PLAN'] as [{ Plan: PlanNode }];
  const visit = (node: PlanNode): void => {
    see(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan.Plan);
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
