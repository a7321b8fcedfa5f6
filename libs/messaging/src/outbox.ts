import { addGaugeSource, type GaugeSample } from '@platform/observability';
import { assertIdentifier, preparedQuery } from '@platform/persistence';
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
      preparedQuery(
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
      ),
    );
    // Delivered at commit, and only then: relays wake without polling.
    await client.query(preparedQuery("select pg_notify($1, '')", [outboxChannel(this.schema)]));
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
      preparedQuery(
        `select position::text, topic, message_id, message_key, headers, payload
         from ${this.schema}.outbox as outbox where published_at is null order by outbox.position limit $1`,
        [limit],
      ),
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

  /**
   * Marks the rows published, or deletes them when none is kept: an update writes each row again,
   * payload and all, with new entries in the table's indexes, where a delete marks it dead.
   */
  async markPublished(client: PoolClient, rows: RelayRow[]): Promise<void> {
    const positions = rows.map((row) => row.position);
    if (this.retain_published_ms === 0) {
      await client.query(
        preparedQuery(`delete from ${this.schema}.outbox where position = any($1::bigint[])`, [
          positions,
        ]),
      );
      return;
    }
    await client.query(
      `update ${this.schema}.outbox set published_at = now() where position = any($1::bigint[])`,
      [positions],
    );
  }

  async prune(client: PoolClient): Promise<void> {
    if (this.retain_published_ms === 0) return;
    await client.query(
      `delete from ${this.schema}.outbox where published_at < now() - make_interval(secs => $1::double precision / 1000)`,
      [this.retain_published_ms],
    );
  }
}

export interface OutboxRelayOptions extends Omit<RelayOptions, 'source'> {
  schema: string;
  /**
   * Published rows are kept this long (for inspection), then deleted. Default 7 days; 0 deletes
   * each row as it is published (for an outbox whose messages are kept elsewhere anyway).
   */
  retain_published_ms?: number;
}

type OutboxLabel = 'schema' | 'database';

/**
 * Publishes a schema's outbox to the bus; run one per process, any number per service. While it
 * runs, `/metrics` shows the outbox's depth (`outbox_unpublished_rows`) and how long its oldest
 * row has waited (`outbox_oldest_unpublished_age_seconds`, 0 when drained): the bus backlog.
 */
export class OutboxRelay extends Relay {
  private stop_gauges: (() => void)[] = [];

  constructor(private readonly outbox: OutboxRelayOptions) {
    const { schema, retain_published_ms, ...relay } = outbox;
    super({
      ...relay,
      source: new OutboxSource(schema, retain_published_ms ?? 7 * 24 * 3_600_000),
    });
  }

  override async start(): Promise<void> {
    await super.start();
    if (this.stop_gauges.length > 0) return;
    const label_names: OutboxLabel[] = ['schema', 'database'];
    this.stop_gauges = [
      addGaugeSource(
        {
          name: 'outbox_unpublished_rows',
          help: 'rows of an outbox not yet published to the bus',
          label_names,
        },
        () => this.depth(),
      ),
      addGaugeSource(
        {
          name: 'outbox_oldest_unpublished_age_seconds',
          help: 'how long the oldest row of an outbox not yet published has waited; 0 when drained',
          label_names,
        },
        () => this.oldestAge_seconds(),
      ),
    ];
  }

  override async stop(): Promise<void> {
    for (const stop_gauge of this.stop_gauges) stop_gauge();
    this.stop_gauges = [];
    await super.stop();
  }

  private async depth(): Promise<GaugeSample<OutboxLabel>[]> {
    const { rows } = await this.outbox.pool.query<{ database: string; depth: string }>(
      `select current_database() as database, count(*)::text as depth
         from ${this.outbox.schema}.outbox where published_at is null`,
    );
    return [{ labels: this.labels(rows[0]?.database), value: Number(rows[0]?.depth ?? 0) }];
  }

  /** The first unpublished row by position (the relay's partial index), not a scan of them all. */
  private async oldestAge_seconds(): Promise<GaugeSample<OutboxLabel>[]> {
    const { rows } = await this.outbox.pool.query<{ database: string; age_seconds: string }>(
      `select current_database() as database, coalesce((
         select greatest(extract(epoch from now() - created_at), 0) from ${this.outbox.schema}.outbox
          where published_at is null order by position limit 1), 0)::text as age_seconds`,
    );
    return [{ labels: this.labels(rows[0]?.database), value: Number(rows[0]?.age_seconds ?? 0) }];
  }

  /** The database as the server names it (a pool made from a URL does not know it). */
  private labels(database = ''): Record<OutboxLabel, string> {
    return { schema: this.outbox.schema, database };
  }
}
