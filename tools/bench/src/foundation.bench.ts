import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgEventStore } from '@platform/event-store';
import { InProcessBus, KafkaBus, type MessageBus } from '@platform/messaging';
import { createPool, ensureDatabase, startEmbeddedPostgres } from '@platform/persistence';
import { summarize } from './stats';

/**
 * Foundation benchmarks (issue 2, item 15). Prints figures, asserts nothing:
 *   bus request/reply p50/p99 and publish throughput (in-process; Kafka when KAFKA_BROKERS is set),
 *   event-store appends per second beside a raw pg loop of the same inserts on the same server.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20000);
const APPENDS = Number(process.env.BENCH_APPENDS ?? 3000);
const CONCURRENCY = 16;

async function timed(count: number, op: (i: number) => Promise<void>): Promise<{ samples: number[]; elapsed_ms: number }> {
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
  const rr = await timed(REQUESTS, async (i) => void (await bus.request('bench.echo_ping', { i }, { timeout_ms: 10_000 })));
  console.log(summarize(`${name} request/reply (concurrency ${CONCURRENCY})`, rr.samples, rr.elapsed_ms));
  let received = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const sub = await bus.subscribe({ topics: ['bench.events'], group: `bench-${randomUUID()}`, handler: async () => void (++received === EVENTS && done()) });
  const start = performance.now();
  for (let i = 0; i < EVENTS; i += 500) {
    await bus.publish('bench.events', Array.from({ length: Math.min(500, EVENTS - i) }, (_, j) => ({ id: randomUUID(), key: `k${(i + j) % 64}`, payload: { n: i + j } })));
  }
  await all;
  const elapsed_ms = performance.now() - start;
  console.log(`${name} publish→consume: ${EVENTS} events in ${elapsed_ms.toFixed(0)} ms = ${((EVENTS / elapsed_ms) * 1000).toFixed(0)} events/s`);
  await sub.close();
  await served.close();
  await bus.close();
}

async function benchEventStore(admin_url: string): Promise<void> {
  const url = await ensureDatabase(admin_url, `bench_${Date.now().toString(36)}`);
  const pool = createPool({ url, max_connections: CONCURRENCY });
  const store = new PgEventStore(pool, { schema: 'bench_events', environment: 'test' });
  await store.migrate();
  await pool.query('create table raw_events (id bigserial primary key, stream text not null, version int not null, data jsonb not null, unique (stream, version))');
  const versions = new Map<string, number>();
  const es = await timed(APPENDS, async (i) => {
    const stream = `account-${i % 256}`;
    const version = versions.get(stream) ?? 0;
    versions.set(stream, version + 1);
    await store.append(stream, [{ type: 'bench.value_recorded', data: { i, amount: '10.00' } }], { expected_version: 'any' });
  });
  const raw_versions = new Map<string, number>();
  const raw = await timed(APPENDS, async (i) => {
    const stream = `account-${i % 256}`;
    const version = (raw_versions.get(stream) ?? 0) + 1;
    raw_versions.set(stream, version);
    await pool.query('insert into raw_events (stream, version, data) values ($1, $2, $3)', [stream, version, JSON.stringify({ i, amount: '10.00' })]);
  });
  console.log(summarize('event store append (1 event, hash chain, gap-safe position)', es.samples, es.elapsed_ms));
  console.log(summarize('raw pg insert (same server, same run)', raw.samples, raw.elapsed_ms));
  console.log(`event store / raw pg throughput ratio: ${((raw.elapsed_ms / es.elapsed_ms) * 100).toFixed(0)}%`);
  await pool.end();
}

async function main(): Promise<void> {
  await benchBus('in-process bus', new InProcessBus());
  if (process.env.KAFKA_BROKERS) {
    await benchBus('kafka bus', new KafkaBus({ brokers: process.env.KAFKA_BROKERS.split(','), client_id: `bench-${randomUUID().slice(0, 8)}`, topic_prefix: `bench${Date.now()}.` }));
  }
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ data_dir: path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'pg'), port: 55499 });
  await benchEventStore(process.env.DATABASE_URL ?? embedded!.admin_url);
  await embedded?.stop();
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
