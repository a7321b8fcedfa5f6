import { addGaugeSource, type GaugeSample } from '@platform/observability';
import { assertIdentifier } from '@platform/persistence';
import type { Pool, PoolClient } from 'pg';
import type { OutgoingMessage } from './bus';
import { migrateMessagingTables } from './messaging-tables';
import { Relay, type RelayOptions, type RelayRow, type RelaySource } from './relay';
import { outgoingHeaders } from './trace-context';

/** Anything that runs a query: the caller's transaction client. */
export interface Queryable {
  query: PoolClient['query'];
}

export interface OutboxOptions {
  /** The service's schema, which holds `outbox`. */
  schema: string;
}

/** The NOTIFY channel on which an outbox announces new rows to its relays. */
export function outboxChannel(schema: string): string {
  return `outbox_${assertIdentifier(schema)}`;
}

/**
 * Messages to publish once the caller's transaction commits: enqueue() writes them beside the
 * state change, and OutboxRelay publishes them. A rolled-back transaction publishes nothing.
 */
export class Outbox {
  private readonly schema: string;

  constructor(options: OutboxOptions) {
    this.schema = assertIdentifier(options.schema);
  }

  static migrate(pool: Pool, schema: string): Promise<number> {
    return migrateMessagingTables(pool, schema);
  }

  /**
   * Writes the messages in the caller's transaction, in order. The active trace context is taken
   * now, so the published message continues the trace of the request that wrote it.
   */
  async enqueue(client: Queryable, topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await client.query(
      `insert into ${this.schema}.outbox (topic, message_id, message_key, headers, payload)
       select $1, message_id, message_key, headers, payload
       from unnest($2::text[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality
         as m(message_id, message_key, headers, payload, n)
       order by n`,
      [
        topic,
        messages.map((message) => message.id),
        messages.map((message) => message.key ?? null),
        messages.map((message) => JSON.stringify(outgoingHeaders(message.headers))),
        messages.map((message) => JSON.stringify(message.payload ?? null)),
      ],
    );
    // Delivered at commit, and only then: relays wake without polling.
    await client.query("select pg_notify($1, '')", [outboxChannel(this.schema)]);
  }
}

interface OutboxRow {
  position: string;
  topic: string;
  message_id: string;
  message_key: string | null;
  headers: Record<string, string>;
  payload: unknown;
}

/** The outbox table as a relay source. */
export class OutboxSource implements RelaySource {
  readonly channel: string;
  readonly lock_name: string;
  private readonly schema: string;

  constructor(
    schema: string,
    private readonly retain_published_ms: number,
  ) {
    this.schema = assertIdentifier(schema);
    this.channel = outboxChannel(schema);
    this.lock_name = `outbox-relay:${schema}`;
  }

  async pending(client: PoolClient, limit: number): Promise<RelayRow[]> {
    const { rows } = await client.query<OutboxRow>(
      `select position::text, topic, message_id, message_key, headers, payload
       from ${this.schema}.outbox as outbox where published_at is null order by outbox.position limit $1`,
      [limit],
    );
    return rows.map((row) => ({
      position: row.position,
      topic: row.topic,
      message: {
        id: row.message_id,
        key: row.message_key,
        headers: row.headers,
        payload: row.payload,
      },
    }));
  }

  async markPublished(client: PoolClient, rows: RelayRow[]): Promise<void> {
    await client.query(
      `update ${this.schema}.outbox set published_at = now() where position = any($1::bigint[])`,
      [rows.map((row) => row.position)],
    );
  }

  async prune(client: PoolClient): Promise<void> {
    await client.query(
      `delete from ${this.schema}.outbox where published_at < now() - make_interval(secs => $1::double precision / 1000)`,
      [this.retain_published_ms],
    );
  }
}

export interface OutboxRelayOptions extends Omit<RelayOptions, 'source'> {
  schema: string;
  /** Published rows are kept this long (for inspection), then deleted. Default 7 days. */
  retain_published_ms?: number;
}

/**
 * Publishes a schema's outbox to the bus; run one per process, any number per service. While it
 * runs, `/metrics` shows the outbox's depth (`outbox_unpublished_rows`).
 */
export class OutboxRelay extends Relay {
  private stop_depth: (() => void) | undefined;

  constructor(private readonly outbox: OutboxRelayOptions) {
    const { schema, retain_published_ms, ...relay } = outbox;
    super({
      ...relay,
      source: new OutboxSource(schema, retain_published_ms ?? 7 * 24 * 3_600_000),
    });
  }

  override async start(): Promise<void> {
    await super.start();
    this.stop_depth ??= addGaugeSource(
      {
        name: 'outbox_unpublished_rows',
        help: 'rows of an outbox not yet published to the bus',
        label_names: ['schema', 'database'],
      },
      () => this.depth(),
    );
  }

  override async stop(): Promise<void> {
    this.stop_depth?.();
    this.stop_depth = undefined;
    await super.stop();
  }

  private async depth(): Promise<GaugeSample<'schema' | 'database'>[]> {
    const { schema, pool } = this.outbox;
    const { rows } = await pool.query<{ depth: string }>(
      `select count(*)::text as depth from ${schema}.outbox where published_at is null`,
    );
    const database = (pool as { options?: { database?: string } }).options?.database ?? '';
    return [{ labels: { schema, database }, value: Number(rows[0]?.depth ?? 0) }];
  }
}
