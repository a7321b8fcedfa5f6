/**
 * A statement of a caller's own, to run inside another one: its text, with `$1`... numbering
 * `values`. An insert, update or delete whose rows the caller does not need back.
 */
export interface OwnStatement {
  text: string;
  values: readonly unknown[];
  /**
   * Set when the statement must change exactly one row (an update of a row another process may
   * have taken away): when it changes none, everything written with it is undone and the write
   * fails with an Error of this message.
   */
  one_row_or_fail?: string;
}

/** An own statement that did not change the one row it must (see `one_row_or_fail`). */
export class OwnStatementMissedRowError extends Error {}

/**
 * `text` with its parameters `$1`... renumbered from `$1 + offset`, to follow another
 * statement's. The text must not hold a `$n` inside a literal (own statements never do).
 */
export function shiftParameters(text: string, offset: number): string {
  if (offset === 0) return text;
  return text.replace(/\$(\d+)/g, (_, index: string) => `$${Number(index) + offset}`);
}

/**
 * Statements as data-modifying WITH clauses named `<prefix>_1`..., joining a statement that has
 * `offset` parameters: PostgreSQL runs each to completion whether or not it is read, in the one
 * statement's snapshot and transaction. Such clauses are allowed only at the top level, so an
 * own statement is a plain insert, update or delete, never a WITH of its own.
 */
export function asWithClauses(
  statements: readonly OwnStatement[],
  offset: number,
  prefix: string,
): { clauses: string[]; values: unknown[]; one_row_clauses: string[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const one_row_clauses: string[] = [];
  for (const [index, statement] of statements.entries()) {
    const name = `${prefix}_${index + 1}`;
    const text = shiftParameters(statement.text, offset + values.length);
    // The rows it changed, for the enclosing statement to count (see oneRowCheck).
    const returning = statement.one_row_or_fail === undefined ? '' : ' returning 1';
    if (returning) one_row_clauses.push(name);
    clauses.push(`${name} as (${text}${returning})`);
    values.push(...statement.values);
  }
  return { clauses, values, one_row_clauses };
}

/**
 * A condition, for the statement that holds the clauses, that is true when one of the clauses
 * that must change one row changed another number ('false' when none must).
 */
export function oneRowMissed(one_row_clauses: readonly string[]): string {
  if (one_row_clauses.length === 0) return 'false';
  return one_row_clauses.map((name) => `(select count(*) from ${name}) <> 1`).join(' or ');
}

/**
 * Runs the statements in the caller's transaction, in one round trip unless one must change one
 * row: those run on their own, and a miss throws OwnStatementMissedRowError (the caller's
 * transaction then rolls back).
 */
export async function runOwnStatements(
  client: { query(text: string, values: unknown[]): Promise<{ rowCount: number | null }> },
  statements: readonly OwnStatement[],
): Promise<void> {
  if (statements.length === 0) return;
  if (statements.every((statement) => statement.one_row_or_fail === undefined)) {
    const one = asOneStatement(statements);
    await client.query(one.text, [...one.values]);
    return;
  }
  for (const statement of statements) {
    const { rowCount } = await client.query(statement.text, [...statement.values]);
    if (statement.one_row_or_fail !== undefined && rowCount !== 1)
      throw new OwnStatementMissedRowError(statement.one_row_or_fail);
  }
}

/** Several statements as one round trip: all but the last as WITH clauses of the last. */
export function asOneStatement(statements: readonly OwnStatement[]): OwnStatement {
  const last = statements.at(-1);
  if (!last) throw new Error('asOneStatement needs a statement');
  const { clauses, values } = asWithClauses(statements.slice(0, -1), 0, 'own');
  return {
    text: `${clauses.length > 0 ? `with ${clauses.join(', ')} ` : ''}${shiftParameters(
      last.text,
      values.length,
    )}`,
    values: [...values, ...last.values],
  };
}
