import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { PgEventStore } from '@platform/event-store';
import { InProcessBus, KafkaBus, type MessageBus } from '@platform/messaging';
import { createPool, ensureDatabase, startEmbeddedPostgres } from '@platform/persistence';
import { summarize } from './stats';

/**
 * Foundation benchmarks (issue 2, item 15). Prints figures, asserts nothing:
 *   bus request/reply p50/p99 and publish throughput (in-process; Kafka when KAFKA_BROKERS is set),
 *   event-store appends per second beside a hand-written pg loop doing the same database work
 *   (same server, same run, same concurrency and streams), and their ratio.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20000);
const APPENDS = Number(process.env.BENCH_APPENDS ?? 3000);
const CONCURRENCY = 16;

async function timed(
  count: number,
  op: (i: number) => Promise<void>,
): Promise<{ samples: number[]; elapsed_ms: number }> {
  const samples: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await op(i);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, elapsed_ms: performance.now() - start };
}

async function benchBus(name: string, bus: MessageBus): Promise<void> {
  await bus.start();
  const served = await bus.serve('bench.echo_ping', async (payload) => payload);
  const rr = await timed(
    REQUESTS,
    async (i) => void (await bus.request('bench.echo_ping', { i }, { timeout_ms: 10_000 })),
  );
  console.log(
    summarize(`${name} request/reply (concurrency ${CONCURRENCY})`, rr.samples, rr.elapsed_ms),
  );
  let received = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const sub = await bus.subscribe({
    topics: ['bench.events'],
    group: `bench-${randomUUID()}`,
    handler: async () => void (++received === EVENTS && done()),
  });
  const start = performance.now();
  for (let i = 0; i < EVENTS; i += 500) {
    await bus.publish(
      'bench.events',
      Array.from({ length: Math.min(500, EVENTS - i) }, (_, j) => ({
        id: randomUUID(),
        key: `k${(i + j) % 64}`,
        payload: { n: i + j },
      })),
    );
  }
  await all;
  const elapsed_ms = performance.now() - start;
  console.log(
    `${name} publish→consume: ${EVENTS} events in ${elapsed_ms.toFixed(0)} ms = ${((EVENTS / elapsed_ms) * 1000).toFixed(0)} events/s`,
  );
  await sub.close();
  await served.close();
  await bus.close();
}

const STREAMS = 256;
const ES_SCHEMA = 'bench_events';

/** The payload both loops write: the same jsonb, so the same row size. */
function benchData(i: number): { i: number; amount: string } {
  return { i, amount: '10.00' };
}

/**
 * What a real append asks of the database, written by hand: lock the stream's head (creating it
 * when missing), insert the event row, move the head, commit. Same columns and indexes as the
 * store's tables (copied from them), without the store's hash chain, gap-safe positions or notify.
 */
async function rawAppend(pool: Pool, stream: string, i: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const lock = 'select version, last_hash from raw_streams where stream = $1 for update';
    let head = (await client.query<{ version: number; last_hash: string }>(lock, [stream])).rows[0];
    if (!head) {
      await client.query(
        "insert into raw_streams (stream, version, last_hash) values ($1, 0, '') on conflict do nothing",
        [stream],
      );
      head = (await client.query<{ version: number; last_hash: string }>(lock, [stream])).rows[0]!;
    }
    const version = head.version + 1;
    const data = JSON.stringify(benchData(i));
    const hash = createHash('sha256').update(head.last_hash).update(data).digest('hex');
    await client.query(
      `insert into raw_events (position, xid_horizon, event_id, stream, stream_version, type, version, data,
         org_id, account_id, environment, correlation_id, causation_id, occurred_at, hash)
       values (nextval('raw_positions'), 0, $1, $2, $3, 'bench.value_recorded', 1, $4, null, null, 'test', null, null, $5, $6)`,
      [randomUUID(), stream, version, data, new Date().toISOString(), hash],
    );
    await client.query('update raw_streams set version = $2, last_hash = $3 where stream = $1', [
      stream,
      version,
      hash,
    ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function benchEventStore(admin_url: string): Promise<void> {
  const url = await ensureDatabase(admin_url, `bench_${Date.now().toString(36)}`);
  const pool = createPool({ url, max_connections: CONCURRENCY });
  const store = new PgEventStore(pool, { schema: ES_SCHEMA, environment: 'test' });
  // As another process sees the same streams: no head remembered, so every append reads it first.
  const cold_store = new PgEventStore(pool, {
    schema: ES_SCHEMA,
    environment: 'test',
    head_cache_capacity: 0,
  });
  await store.migrate();
  await pool.query(`create sequence raw_positions as bigint;
    create table raw_streams (like ${ES_SCHEMA}.streams including all);
    create table raw_events (like ${ES_SCHEMA}.events including all)`);
  const appendWith =
    (on: PgEventStore, prefix: string) =>
    async (i: number): Promise<void> =>
      void (await on.append(
        `${prefix}-${i % STREAMS}`,
        [{ type: 'bench.value_recorded', data: benchData(i) }],
        { expected_version: 'any' },
      ));
  const loops = {
    store: appendWith(store, 'account'),
    cold: appendWith(cold_store, 'other-account'),
    raw: (i: number) => rawAppend(pool, `account-${i % STREAMS}`, i),
  };
  // Untimed first pass over every stream of each loop: heads created, statements prepared, caches warm.
  for (const loop of Object.values(loops)) await timed(STREAMS, loop);
  const es = await timed(APPENDS, loops.store);
  const cold = await timed(APPENDS, loops.cold);
  const raw = await timed(APPENDS, loops.raw);
  console.log(
    summarize(
      'event store append (1 event, hash chain, gap-safe position)',
      es.samples,
      es.elapsed_ms,
    ),
  );
  console.log(
    summarize(
      'event store append, head not remembered (read first)',
      cold.samples,
      cold.elapsed_ms,
    ),
  );
  console.log(
    summarize(
      `raw pg append (begin, lock head, insert, update head, commit; ${STREAMS} streams)`,
      raw.samples,
      raw.elapsed_ms,
    ),
  );
  console.log(
    `event store / raw pg throughput ratio: ${((raw.elapsed_ms / es.elapsed_ms) * 100).toFixed(0)}%`,
  );
  console.log(
    `event store (head not remembered) / raw pg throughput ratio: ${((raw.elapsed_ms / cold.elapsed_ms) * 100).toFixed(0)}%`,
  );
  await pool.end();
}

async function main(): Promise<void> {
  await benchBus('in-process bus', new InProcessBus());
  if (process.env.KAFKA_BROKERS) {
    await benchBus(
      'kafka bus',
      new KafkaBus({
        brokers: process.env.KAFKA_BROKERS.split(','),
        client_id: `bench-${randomUUID().slice(0, 8)}`,
        topic_prefix: `bench${Date.now()}.`,
      }),
    );
  }
  const embedded = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        data_dir: path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'pg'),
        port: 55499,
      });
  await benchEventStore(process.env.DATABASE_URL ?? embedded!.admin_url);
  await embedded?.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
