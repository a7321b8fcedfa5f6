import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import {
  activeTraceIds,
  extractTraceContext,
  startTelemetry,
  withSpan,
  type Telemetry,
  type TraceIds,
} from '@platform/observability';
import { createPool, withTransaction } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, traceHeadersOf, type NewEvent, type RecordedEvent } from './index';

// Events remember the trace they were appended in, so the relay can publish them into it.
const SCHEMA = 'traced_events';

function credited(amount: string): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' } };
}

/** Runs `work` in a new span and hands it the span's ids, as a command handler would run. */
function inSpan<T>(
  work: (ids: TraceIds) => Promise<T>,
  parent?: ReturnType<typeof extractTraceContext>,
): Promise<T> {
  return withSpan(
    'append-test',
    {},
    () => {
      const ids = activeTraceIds();
      if (ids === null) throw new Error('no active span: telemetry is not running');
      return work(ids);
    },
    parent === undefined ? {} : { parent },
  );
}

const traceparentOf = (ids: TraceIds): string => `00-${ids.trace_id}-${ids.span_id}-01`;

describe('PgEventStore trace context', () => {
  let telemetry: Telemetry;
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  const stream = (): string => `account-${randomUUID()}`;

  beforeAll(async () => {
    telemetry = startTelemetry({
      service_name: 'event-store-test',
      environment: 'test',
      instrumentations: [],
      span_exporter: new InMemorySpanExporter(),
    });
    db = await createTestDatabase('evtrace');
    pool = createPool({ url: db.url, max_connections: 10 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
    await telemetry?.shutdown();
  });

  it('stores the active span of each kind of append and returns it on every read', async () => {
    const first = stream();
    const second = stream();
    const from_empty = await inSpan(async (ids) => {
      await store.append(first, [credited('1')], { expected_version: 'no_stream' });
      return ids;
    });
    const at_head = await inSpan(async (ids) => {
      await store.append(first, [credited('2')], { expected_version: 1 });
      return ids;
    });
    const locked = await inSpan(async (ids) => {
      await store.appendMany([
        { stream: first, expected_version: 2, events: [credited('3')] },
        { stream: second, expected_version: 'no_stream', events: [credited('4')] },
      ]);
      return ids;
    });
    const in_transaction = await inSpan((ids) =>
      withTransaction(pool, async (client) => {
        await store.appendInTransaction(client, first, [credited('5')], { expected_version: 3 });
        return ids;
      }),
    );

    const read = await store.readStream(first);
    expect(read.map((event) => event.trace_context)).toEqual([
      { traceparent: traceparentOf(from_empty) },
      { traceparent: traceparentOf(at_head) },
      { traceparent: traceparentOf(locked) },
      { traceparent: traceparentOf(in_transaction) },
    ]);
    expect(
      new Set([from_empty, at_head, locked, in_transaction].map((ids) => ids.trace_id)).size,
    ).toBe(4);
    const [other] = await store.readStream(second);
    expect(other?.trace_context).toEqual({ traceparent: traceparentOf(locked) });

    const all = await store.readAll({ from_position: '0', limit: 100, stream_prefix: first });
    expect(all.map((event) => event.trace_context)).toEqual(
      read.map((event) => event.trace_context),
    );

    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe({
      name: `trace-${randomUUID()}`,
      stream_prefix: first,
      poll_interval_ms: 20,
      handler: async (events) => void delivered.push(...events),
    });
    try {
      for (let attempt = 0; delivered.length < read.length && attempt < 500; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await subscription.stop();
    }
    expect(delivered.map((event) => event.trace_context)).toEqual(
      read.map((event) => event.trace_context),
    );
  });

  it("stores an event's own trace context over its append's, and none when it says null", async () => {
    const account = stream();
    const decided = await inSpan(async (ids) => ids);
    const appended = await inSpan(async (ids) => {
      await store.append(
        account,
        [
          { ...credited('1'), trace_context: { traceparent: traceparentOf(decided) } },
          credited('2'),
          { ...credited('3'), trace_context: null },
        ],
        { expected_version: 'no_stream' },
      );
      return ids;
    });
    const read = await store.readStream(account);
    expect(read.map((event) => event.trace_context)).toEqual([
      { traceparent: traceparentOf(decided) },
      { traceparent: traceparentOf(appended) },
      undefined,
    ]);
    await expect(store.verifyStream(account)).resolves.toMatchObject({ valid: true });
  });

  it("keeps the caller's tracestate and gives it back as message headers", async () => {
    const trace_id = randomBytes(16).toString('hex');
    const caller = extractTraceContext({
      traceparent: `00-${trace_id}-${randomBytes(8).toString('hex')}-01`,
      tracestate: 'vendor=opaque-value',
    });
    const name = stream();
    const ids = await inSpan(async (span_ids) => {
      await store.append(name, [credited('1')], { expected_version: 'no_stream' });
      return span_ids;
    }, caller);

    expect(ids.trace_id).toBe(trace_id);
    const [event] = await store.readStream(name);
    expect(traceHeadersOf(event?.trace_context)).toEqual({
      traceparent: traceparentOf(ids),
      tracestate: 'vendor=opaque-value',
    });
  });

  it('stores no trace context for an append outside any span', async () => {
    const name = stream();
    await store.append(name, [credited('1')], { expected_version: 'no_stream' });

    const [event] = await store.readStream(name);
    expect(event).toBeDefined();
    expect('trace_context' in event!).toBe(false);
    expect(traceHeadersOf(event?.trace_context)).toEqual({});
    const { rows } = await pool.query<{ trace_context: unknown }>(
      `select trace_context from ${SCHEMA}.events where stream = $1`,
      [name],
    );
    expect(rows).toEqual([{ trace_context: null }]);
  });

  it('leaves the trace context out of the hash chain', async () => {
    const name = stream();
    await inSpan(() =>
      store.append(name, [credited('1'), credited('2')], { expected_version: 'no_stream' }),
    );
    expect(await store.verifyStream(name)).toMatchObject({ valid: true, last_version: 2 });

    // Events stored before the column existed have none; another trace would do as well.
    await pool.query(`alter table ${SCHEMA}.events disable trigger events_immutable`);
    try {
      await pool.query(
        `update ${SCHEMA}.events set trace_context = case when stream_version = 1 then null
           else '{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}'::jsonb end
         where stream = $1`,
        [name],
      );
    } finally {
      await pool.query(`alter table ${SCHEMA}.events enable trigger events_immutable`);
    }
    const changed = await store.readStream(name);
    expect(changed.map((event) => event.trace_context?.traceparent)).toEqual([
      undefined,
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    ]);
    expect(await store.verifyStream(name)).toMatchObject({ valid: true, last_version: 2 });
  });
});
