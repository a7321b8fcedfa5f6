/**
 * A statement of a caller's own, to run inside another one: its text, with `$1`... numbering
 * `values`. An insert, update or delete whose rows the caller does not need back.
 */
export interface OwnStatement {
  text: string;
  values: readonly unknown[];
}

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
): { clauses: string[]; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  for (const [index, statement] of statements.entries()) {
    clauses.push(
      `${prefix}_${index + 1} as (${shiftParameters(statement.text, offset + values.length)})`,
    );
    values.push(...statement.values);
  }
  return { clauses, values };
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
