import { IDENTITY_COMMANDS } from '@platform/contracts';
import { randomBytes } from 'node:crypto';
import { KafkaBus } from '@platform/messaging';
import { createPool, dropDatabase, ensureDatabase } from '@platform/persistence';
import {
  buildDist,
  distEntry,
  startNodeProcess,
  testAdminUrl,
  type NodeProcess,
} from '@platform/testing';

/**
 * Issue 2, item 12: the distributed runtime loses nothing committed and applies nothing twice
 * when a process dies. Identity and notifications run as separate processes on Kafka; while
 * organizations are being created, each process is SIGKILLed and restarted. Afterwards every
 * committed organization's event is in notifications' table exactly once.
 */
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

describe('crash safety of the distributed runtime', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `crash_${suffix}`;
  const topic_prefix = `crash${suffix}.`;
  let database_url: string;
  const processes = new Map<string, NodeProcess>();

  const startService = (service: 'identity' | 'notifications') => {
    const started = startNodeProcess(distEntry(`services/${service}/src/main.js`), {
      env: {
        ENVIRONMENT: 'test',
        KAFKA_BROKERS: BROKERS.join(','),
        KAFKA_TOPIC_PREFIX: topic_prefix,
        DATABASE_URL: database_url,
        HEALTH_PORT: '0',
      },
    });
    processes.set(service, started);
    return started;
  };
  const kill = async (service: string) => {
    await processes.get(service)!.stop('SIGKILL');
  };

  beforeAll(() => buildDist());

  afterAll(async () => {
    for (const started of processes.values()) await started.stop('SIGKILL');
    await dropDatabase(testAdminUrl(), database).catch(() => undefined);
  });

  it('delivers every committed event once across SIGKILLs of producer and consumer', async () => {
    database_url = await ensureDatabase(testAdminUrl(), database);
    startService('identity');
    startService('notifications');
    const client = new KafkaBus({
      brokers: BROKERS,
      client_id: `crash-test-${suffix}`,
      topic_prefix,
    });
    await client.start();
    const create = (n: number) =>
      client
        .request(
          IDENTITY_COMMANDS.create_organization.name,
          { slug: `org-${n}`, name: `Org ${n}` },
          { timeout_ms: 20_000 },
        )
        .then(
          () => true,
          () => false,
        );

    // Waits for identity to serve: the first create succeeds once it is up.
    let ready = false;
    for (let attempt = 0; attempt < 60 && !ready; attempt++) ready = await create(0);
    expect(ready).toBe(true);

    const TOTAL = 60;
    const inflight: Promise<boolean>[] = [];
    for (let n = 1; n <= TOTAL; n++) {
      inflight.push(create(n));
      if (n === 20) {
        await kill('notifications');
        startService('notifications');
      }
      if (n === 35) {
        await kill('identity');
        startService('identity');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(inflight);
    await client.close();

    const pool = createPool({ url: database_url, max_connections: 2 });
    try {
      // A create whose reply timed out may still be in the command topic, and commit after the
      // restarted identity takes it: what is committed is read again each time, beside what
      // notifications received, until the two agree.
      const idsOf = (rows: { id?: string; org_id?: string }[]) =>
        new Set(rows.map((row) => row.id ?? row.org_id));
      let committed: { id: string }[] = [];
      let received: { org_id: string; applied_count: number }[] = [];
      for (let attempt = 0; attempt < 240; attempt++) {
        ({ rows: committed } = await pool.query<{ id: string }>(
          'select id from identity.organizations',
        ));
        ({ rows: received } = await pool
          .query(
            `select org_id, applied_count from notifications.domain_events where type = 'identity.organization_created'`,
          )
          .catch(() => ({ rows: [] })));
        if (sameSet(idsOf(received), idsOf(committed))) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(committed.length).toBeGreaterThan(TOTAL / 2);
      expect(idsOf(received)).toEqual(idsOf(committed));
      expect(received.every((row) => row.applied_count === 1)).toBe(true);
      expect(received.length).toBe(committed.length);
    } finally {
      await pool.end();
    }
  });
});

function sameSet<T>(a: Set<T>, b: Set<T>): boolean {
  return a.size === b.size && [...a].every((each) => b.has(each));
}
