import { createPool, withTransaction } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import type { Pool } from 'pg';
import type { DeliveredMessage } from './bus';
import { KafkaBus } from './kafka/kafka-bus';
import { kafkaTestNamespace } from './kafka/kafka-test-namespace';
import { Outbox, OutboxRelay } from './outbox';

jest.setTimeout(120_000);

describe('OutboxRelay to Kafka', () => {
  const schema = 'relay_svc';
  const namespace = kafkaTestNamespace('relay');
  const makeBus = (): KafkaBus =>
    new KafkaBus({
      brokers: namespace.brokers,
      client_id: 'relay-test',
      topic_prefix: namespace.topic_prefix,
    });
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('relay');
    pool = createPool({ url: db.url, schema, max_connections: 20 });
    await Outbox.migrate(pool, schema);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
    await namespace.remove();
  });

  it('publishes committed outbox rows to Kafka in per-key order, from two relays', async () => {
    const topic = 'ledger.funds_debited';
    const [consumer_bus, first_bus, second_bus] = [makeBus(), makeBus(), makeBus()];
    const received: DeliveredMessage[] = [];
    const relays = [first_bus, second_bus].map(
      (bus) => new OutboxRelay({ pool, bus, schema, poll_interval_ms: 50 }),
    );
    try {
      await consumer_bus.subscribe({
        topics: [topic],
        group: 'ledger-projector',
        handler: async (message) => void received.push(message),
      });
      await Promise.all(relays.map((relay) => relay.start()));
      const outbox = new Outbox({ schema });
      const keys = ['acc-1', 'acc-2', 'acc-3'];
      await Promise.all(
        keys.map(async (key) => {
          for (let seq = 0; seq < 12; seq++) {
            await withTransaction(pool, (client) =>
              outbox.enqueue(client, topic, [{ id: `${key}-${seq}`, key, payload: { seq } }]),
            );
          }
        }),
      );
      await waitFor(() => received.length >= 36);
      for (const key of keys) {
        const sequence = received
          .filter((message) => message.key === key)
          .map((message) => (message.payload as { seq: number }).seq);
        expect(sequence).toEqual(Array.from({ length: 12 }, (_, seq) => seq));
      }
      // A row is marked after the broker acknowledged it, which can be after the consumer saw it.
      const unpublished = async () =>
        (
          await pool.query<{ count: string }>(
            `select count(*) from ${schema}.outbox where published_at is null`,
          )
        ).rows[0]?.count;
      for (let attempt = 0; attempt < 200 && (await unpublished()) !== '0'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await unpublished()).toBe('0');
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
      await Promise.all([consumer_bus, first_bus, second_bus].map((bus) => bus.close()));
    }
  });
});

async function waitFor(condition: () => boolean, timeout_ms = 60_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
