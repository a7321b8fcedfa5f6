import { createPool, DeadLetters, withTransaction } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import type { Pool } from 'pg';
import type { DeliveredMessage, MessageBus } from './bus';
import { InProcessBus } from './in-process-bus';
import { Outbox, OutboxRelay } from './outbox';

describe('Outbox and OutboxRelay', () => {
  const schema = 'outbox_svc';
  let db: TestDatabase;
  let pool: Pool;
  const outbox = new Outbox({ schema });
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('outbox');
    pool = createPool({ url: db.url, schema, max_connections: 20 });
    await Outbox.migrate(pool, schema);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await pool.query(`delete from ${schema}.outbox`);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  async function startBus(
    topic: string,
  ): Promise<{ bus: InProcessBus; received: DeliveredMessage[] }> {
    const bus = new InProcessBus();
    const received: DeliveredMessage[] = [];
    await bus.subscribe({
      topics: [topic],
      group: 'readers',
      handler: async (message) => void received.push(message),
    });
    cleanups.push(() => bus.close());
    return { bus, received };
  }

  async function startRelay(bus: InProcessBus, poll_interval_ms = 600_000): Promise<OutboxRelay> {
    const relay = new OutboxRelay({ pool, bus, schema, poll_interval_ms, batch_size: 7 });
    await relay.start();
    cleanups.push(() => relay.stop());
    return relay;
  }

  async function unpublished(): Promise<number> {
    const { rows } = await pool.query<{ count: string }>(
      `select count(*) from ${schema}.outbox where published_at is null`,
    );
    return Number(rows[0]?.count);
  }

  it('migrates once, also when replicas race, beside the service own version table', async () => {
    const other = 'outbox_race';
    await pool.query(
      `create schema ${other}; create table ${other}.schemaversion (version bigint)`,
    );
    const applied = await Promise.all([Outbox.migrate(pool, other), Outbox.migrate(pool, other)]);
    expect(applied.sort()).toEqual([0, 2]);
    expect(await Outbox.migrate(pool, other)).toBe(0);
    await pool.query(`select from ${other}.outbox, ${other}.inbox`);
  });

  it('publishes committed messages, woken by NOTIFY, and nothing of a rolled-back transaction', async () => {
    const { bus, received } = await startBus('payouts.payout_created');
    await startRelay(bus);
    await expect(
      withTransaction(pool, async (client) => {
        await outbox.enqueue(client, 'payouts.payout_created', [
          { id: 'lost', key: 'acc-1', payload: {} },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await withTransaction(pool, (client) =>
      outbox.enqueue(client, 'payouts.payout_created', [
        {
          id: 'p-1',
          key: 'acc-1',
          headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
          payload: { amount: '10.00' },
        },
        { id: 'p-2', key: 'acc-1', payload: { amount: '20.00' } },
      ]),
    );
    // The relay polls every 10 minutes here: only the notification can bring these in time.
    await waitFor(async () => received.length === 2);
    expect(received.map((message) => [message.id, message.key, message.payload])).toEqual([
      ['p-1', 'acc-1', { amount: '10.00' }],
      ['p-2', 'acc-1', { amount: '20.00' }],
    ]);
    expect(received[0]?.headers.traceparent).toBe(
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    );
    await waitFor(async () => (await unpublished()) === 0);
  });

  it('is woken by NOTIFY again after its listening connection is lost', async () => {
    const { bus, received } = await startBus('payouts.payout_listened');
    await startRelay(bus);
    const enqueue = (id: string) =>
      withTransaction(pool, (client) =>
        outbox.enqueue(client, 'payouts.payout_listened', [{ id, key: 'acc-1', payload: {} }]),
      );
    await enqueue('before');
    await waitFor(async () => received.length === 1);
    // The process's one listening connection for this database (ChannelHub) is killed.
    const listening = () =>
      pool.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and application_name = 'event-notifications'`,
      );
    const [killed] = (await listening()).rows;
    await pool.query('select pg_terminate_backend($1)', [killed?.pid]);
    await waitFor(async () => (await listening()).rows.some((row) => row.pid !== killed?.pid));
    await enqueue('after');
    // Still a 10-minute poll: only a notification on the new connection brings it in time.
    await waitFor(async () => received.length === 2);
    expect(received.map((message) => message.id)).toEqual(['before', 'after']);
  });

  it('with linger_ms, gathers what is written after a batch into one publish, notified or not', async () => {
    const { bus, received } = await startBus('payouts.payout_lingered');
    const publish_sizes: number[] = [];
    const publish = bus.publish.bind(bus);
    bus.publish = (topic, messages) => {
      publish_sizes.push(messages.length);
      return publish(topic, messages);
    };
    const relay = new OutboxRelay({ pool, bus, schema, poll_interval_ms: 600_000, linger_ms: 500 });
    await relay.start();
    cleanups.push(() => relay.stop());
    const write = (id: string) =>
      withTransaction(pool, (client) =>
        outbox.enqueue(client, 'payouts.payout_lingered', [{ id, key: id, payload: {} }]),
      );
    // After a quiet spell the first row goes at once; the three written during the linger
    // (each with its own NOTIFY) go together when it ends.
    await write('l-1');
    await waitFor(async () => received.length === 1);
    for (const id of ['l-2', 'l-3', 'l-4']) await write(id);
    await waitFor(async () => received.length === 4);
    expect(publish_sizes).toEqual([1, 3]);
  });

  it('keeps published rows for their retention, or deletes each as it goes with none', async () => {
    const rows = async () => {
      const { rows: counted } = await pool.query<{ kept: string; published: string }>(
        `select count(*)::text as kept, count(published_at)::text as published
           from ${schema}.outbox`,
      );
      return counted[0];
    };
    const write = (id: string) =>
      withTransaction(pool, (client) =>
        outbox.enqueue(client, 'payouts.payout_kept', [{ id, key: 'acc-1', payload: { id } }]),
      );
    const { bus, received } = await startBus('payouts.payout_kept');

    await write('kept');
    expect(await new OutboxRelay({ pool, bus, schema }).drain()).toBe(1);
    expect(await rows()).toEqual({ kept: '1', published: '1' });

    await write('gone-1');
    await write('gone-2');
    const relay = new OutboxRelay({ pool, bus, schema, retain_published_ms: 0 });
    expect(await relay.drain()).toBe(2);
    await waitFor(async () => received.length === 3);
    expect(received.map((message) => message.payload)).toEqual([
      { id: 'kept' },
      { id: 'gone-1' },
      { id: 'gone-2' },
    ]);
    // The row published before stays, kept by the retention it was published under.
    expect(await rows()).toEqual({ kept: '1', published: '1' });
  });

  it('keeps a row unpublished while the bus refuses it, and publishes it later', async () => {
    const closed_bus = new InProcessBus();
    await closed_bus.close();
    await withTransaction(pool, (client) =>
      outbox.enqueue(client, 'ledger.funds_held', [{ id: 'h-1', key: 'acc-9', payload: 1 }]),
    );
    const failing = new OutboxRelay({ pool, bus: closed_bus, schema });
    await expect(failing.drain()).rejects.toThrow('closed');
    expect(await unpublished()).toBe(1);

    const { bus, received } = await startBus('ledger.funds_held');
    const relay = new OutboxRelay({ pool, bus, schema });
    expect(await relay.drain()).toBe(1);
    await waitFor(async () => received.length === 1);
    expect(await unpublished()).toBe(0);
  });

  it('sets a row the bus keeps refusing aside as a dead letter and publishes the rest (D12)', async () => {
    await DeadLetters.migrate(pool, schema);
    const dead_letters = new DeadLetters(pool, schema);
    const { bus, received } = await startBus('ledger.funds_refused');
    // A broker refusing one message, e.g. one too large for it, and taking every other.
    const refusing: MessageBus = Object.assign(Object.create(bus) as MessageBus, {
      publish: async (topic: string, messages: Parameters<MessageBus['publish']>[1]) => {
        if (messages.some((message) => message.id === 'too-large'))
          throw new Error('message too large');
        await bus.publish(topic, messages);
      },
    });
    await withTransaction(pool, (client) =>
      outbox.enqueue(client, 'ledger.funds_refused', [
        { id: 'before', key: 'acc-1', payload: 1 },
        { id: 'too-large', key: 'acc-1', payload: 2 },
        { id: 'after', key: 'acc-1', payload: 3 },
      ]),
    );
    const relay = new OutboxRelay({
      pool,
      bus: refusing,
      schema,
      dead_letters,
      poison_policy: { max_attempts: 2, backoff_initial_ms: 1, backoff_max_ms: 1 },
    });
    // The first pass publishes what comes before the refused row and holds back from it on.
    await expect(relay.drain()).rejects.toThrow('message too large');
    expect(await unpublished()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await relay.drain()).toBe(2);

    expect(await unpublished()).toBe(0);
    await waitFor(async () => received.some((message) => message.id === 'after'));
    expect(new Set(received.map((message) => message.id))).toEqual(new Set(['before', 'after']));
    const { dead_letters: letters } = await dead_letters.list({ limit: 10, offset: 0 });
    expect(letters).toEqual([
      expect.objectContaining({
        source: `outbox-relay:${schema}`,
        record_key: 'too-large',
        reason: 'Error: message too large',
        attempts: 2,
      }),
    ]);
  });

  it('keeps per-key order and publishes each message once with several relays and writers', async () => {
    const topic = 'ledger.funds_moved';
    const { bus, received } = await startBus(topic);
    await Promise.all([startRelay(bus, 20), startRelay(bus, 20), startRelay(bus, 20)]);
    const keys = ['acc-a', 'acc-b', 'acc-c', 'acc-d'];
    const per_key = 25;
    // One writer per key, all at once: positions of different keys interleave.
    await Promise.all(
      keys.map(async (key) => {
        for (let seq = 0; seq < per_key; seq++) {
          await withTransaction(pool, (client) =>
            outbox.enqueue(client, topic, [{ id: `${key}-${seq}`, key, payload: { seq } }]),
          );
        }
      }),
    );
    await waitFor(
      async () => received.length >= keys.length * per_key && (await unpublished()) === 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(new Set(received.map((message) => message.id)).size).toBe(received.length);
    for (const key of keys) {
      const sequence = received
        .filter((message) => message.key === key)
        .map((message) => (message.payload as { seq: number }).seq);
      expect(sequence).toEqual(Array.from({ length: per_key }, (_, seq) => seq));
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeout_ms = 30_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
