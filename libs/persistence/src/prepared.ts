import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

/** Statement texts seen, by their names: a text is hashed once per process. */
const names = new Map<string, string>();

/**
 * A statement that PostgreSQL parses and plans once per connection, then runs from its plan: a
 * statement sent without a name is parsed, analyzed and planned again on every call, which for
 * the statements a request runs many times (reads of new events, checkpoints, the outbox) cost
 * the server more than running them. The name is the text's digest, so one text is one
 * statement on every connection however many places send it.
 *
 * `text` must come from a bounded set (the schema may vary, the values never): each distinct
 * text stays prepared on every connection that ran it, for that connection's life. Not for a
 * statement whose conditions switch on a parameter (`$2 is null or type = any($2)`): after five
 * runs PostgreSQL may keep one generic plan, which cannot drop the condition that does not apply
 * and misjudges how many rows the others keep (reading new events that way, it sorted every
 * event after the position instead of reading a hundred from the key's index: 5x slower).
 */
export function preparedQuery(text: string, values: unknown[]): QueryConfig {
  return { name: statementName(text), text, values };
}

/** The name a statement's text is prepared under: its digest, the same in every process. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `prepared_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
