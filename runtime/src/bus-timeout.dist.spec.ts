import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { kafkaTestNamespace } from '@platform/messaging';
import {
  buildDist,
  distEntry,
  freePort,
  startNodeProcess,
  testAdminUrl,
  type NodeProcess,
} from '@platform/testing';

/**
 * Issue 13: a command that got no reply on Kafka in time answered 500 internal_error, though it
 * may still run. A gateway alone on the bus, with nothing serving its commands, must answer 503
 * recovery_pending: the client retries with the same idempotency key (spec section 7).
 */

describe('a command without a reply on Kafka', () => {
  const namespace = kafkaTestNamespace('bustimeout');
  let gateway: NodeProcess;
  let base_url: string;

  beforeAll(async () => {
    buildDist();
    const port = await freePort();
    base_url = `http://127.0.0.1:${port}`;
    gateway = startNodeProcess(distEntry('services/gateway/src/main.js'), {
      env: {
        ENVIRONMENT: 'test',
        KAFKA_BROKERS: namespace.brokers.join(','),
        KAFKA_TOPIC_PREFIX: namespace.topic_prefix,
        DATABASE_URL: testAdminUrl(),
        PORT: String(port),
        BUS_REQUEST_TIMEOUT_MS: '1500',
        KAFKA_PARTITIONS: '4',
        JWT_SECRET: `bus-timeout-test-session-key-${randomBytes(8).toString('hex')}`,
      },
    });
    for (let attempt = 0; attempt < 240; attempt++) {
      const ready = await fetch(`${base_url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(async () => {
    await gateway.stop('SIGKILL');
    await namespace.remove();
  });

  it('answers 503 recovery_pending, and the gateway stays ready', async () => {
    const response = await fetch(`${base_url}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        org: 'demo',
        type: 'person',
        email: 'nobody-answers@example.com',
        password: 'correct horse battery',
        display_name: 'Left Waiting',
      }),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('recovery_pending');
    expect(body.message).toMatch(/retry with the same idempotency key/);
    const ready = await fetch(`${base_url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { bus: 'ok', database: 'ok' } });
  });

  it('creates the command topics it sends to with KAFKA_PARTITIONS partitions', async () => {
    const admin = new Kafka({ brokers: namespace.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const commands = (await admin.listTopics()).filter((topic) =>
        topic.startsWith(`${namespace.topic_prefix}commands.`),
      );
      expect(commands.length).toBeGreaterThan(0);
      const { topics } = await admin.fetchTopicMetadata({ topics: commands });
      for (const topic of topics)
        expect([topic.name, topic.partitions.length]).toEqual([topic.name, 4]);
    } finally {
      await admin.disconnect();
    }
  });
});
