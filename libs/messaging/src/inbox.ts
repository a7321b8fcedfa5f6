import { assertIdentifier, withTransaction } from '@platform/persistence';
import type { Pool, PoolClient } from 'pg';
import { migrateMessagingTables } from './messaging-tables';

export interface InboxOptions {
  pool: Pool;
  /** The consuming service's schema, which holds `inbox`. */
  schema: string;
}

export type InboxOutcome<T> = { status: 'handled'; result: T } | { status: 'duplicate' };

/**
 * Makes a consumer idempotent: the work of a message and the record that it was handled commit
 * together, so a redelivered message is skipped, and of two concurrent deliveries one waits on
 * the other's row and then skips (or runs, if the first rolled back).
 */
export class Inbox {
  private readonly pool: Pool;
  private readonly schema: string;

  constructor(options: InboxOptions) {
    this.pool = options.pool;
    this.schema = assertIdentifier(options.schema);
  }

  static migrate(pool: Pool, schema: string): Promise<number> {
    return migrateMessagingTables(pool, schema);
  }

  handleOnce<T>(
    consumer: string,
    message_id: string,
    work: (client: PoolClient) => Promise<T>,
  ): Promise<InboxOutcome<T>> {
    return withTransaction(this.pool, async (client): Promise<InboxOutcome<T>> => {
      const inserted = await client.query(
        `insert into ${this.schema}.inbox (consumer, message_id) values ($1, $2) on conflict do nothing`,
        [consumer, message_id],
      );
      if (inserted.rowCount === 0) return { status: 'duplicate' };
      return { status: 'handled', result: await work(client) };
    });
  }

  /**
   * As handleOnce for several messages in one transaction: one statement records them all, and
   * `work` gets only those not handled before (in the order given, each id once). A busy consumer
   * then pays one commit per batch instead of one per message; all commit together, or none.
   */
  handleManyOnce<T>(
    consumer: string,
    message_ids: readonly string[],
    work: (client: PoolClient, fresh_ids: ReadonlySet<string>) => Promise<T>,
  ): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ message_id: string }>(
        `insert into ${this.schema}.inbox (consumer, message_id)
         select $1, message_id from unnest($2::text[]) as message_id
         on conflict do nothing returning message_id`,
        [consumer, [...new Set(message_ids)]],
      );
      return work(client, new Set(rows.map((row) => row.message_id)));
    });
  }

  /** Forgets messages handled before `before`; a redelivery older than that would run again. */
  async prune(before: Date): Promise<number> {
    const { rowCount } = await this.pool.query(
      `delete from ${this.schema}.inbox where handled_at < $1`,
      [before],
    );
    return rowCount ?? 0;
  }
}
