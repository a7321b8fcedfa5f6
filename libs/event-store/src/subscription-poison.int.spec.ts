import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool, DeadLetters, type DeadLetter } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, type RecordedEvent, type Subscription } from './index';

// D12: one event a subscription cannot handle is set aside in the dead-letter table once it has
// failed often enough while others went through; the events after it are applied.
const SCHEMA = 'poison_events';
const PROJECTION_SCHEMA = 'poison_projection';

async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

describe('CatchUpSubscription with a dead-letter table', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  let dead_letters: DeadLetters;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('evpoison');
    pool = createPool({ url: db.url, max_connections: 10 });
    store = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    await store.migrate();
    await DeadLetters.migrate(pool, PROJECTION_SCHEMA);
    dead_letters = new DeadLetters(pool, PROJECTION_SCHEMA);
    await pool.query(
      `create table ${PROJECTION_SCHEMA}.applied (stream text, label text, position bigint)`,
    );
  });

  afterEach(async () => {
    await subscription?.stop();
    subscription = undefined;
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  /** A projection of `label`s that throws on the labels `refuse` says it cannot take. */
  function project(stream: string, refuse: (label: string) => boolean, max_attempts = 3) {
    const name = `projection:${stream}`;
    subscription = store.subscribe({
      name,
      stream_prefix: stream,
      retry_delay_ms: 10,
      poll_interval_ms: 50,
      dead_letters,
      poison_policy: { max_attempts, backoff_max_ms: 20 },
      handler: async (events: RecordedEvent[], client) => {
        for (const event of events) {
          const { label } = event.data as { label: string };
          if (refuse(label)) throw new Error(`cannot project ${label}`);
          await client.query(
            `insert into ${PROJECTION_SCHEMA}.applied (stream, label, position) values ($1, $2, $3)`,
            [stream, label, event.position],
          );
        }
      },
    });
    return name;
  }

  async function append(stream: string, ...labels: string[]): Promise<void> {
    for (const label of labels)
      await store.append(stream, [{ type: 'test.happened', data: { label } }], {
        expected_version: 'any',
      });
  }

  const applied = async (stream: string): Promise<string[]> =>
    (
      await pool.query<{ label: string }>(
        `select label from ${PROJECTION_SCHEMA}.applied where stream = $1 order by position`,
        [stream],
      )
    ).rows.map((row) => row.label);

  const letters = async (source: string): Promise<DeadLetter[]> =>
    (await dead_letters.list({ source, limit: 10, offset: 0 })).dead_letters;

  it('sets a poison event aside with its reason and applies the events after it', async () => {
    const stream = `s-${randomUUID()}`;
    await append(stream, 'one', 'poison', 'three', 'four');
    const source = project(stream, (label) => label === 'poison');

    await eventually(
      async () => ((await applied(stream)).length === 3 ? true : undefined),
      'the three good events applied',
    );
    expect(await applied(stream)).toEqual(['one', 'three', 'four']);
    const [letter, ...others] = await letters(source);
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      source,
      reason: 'Error: cannot project poison',
      attempts: 3,
      payload: { stream, data: { label: 'poison' } },
    });
    const head = await pool.query<{ position: string }>(
      `select max(position)::text as position from ${SCHEMA}.events where stream = $1`,
      [stream],
    );
    const checkpoint = await pool.query<{ position: string }>(
      `select position::text from ${SCHEMA}.subscription_checkpoints where name = $1`,
      [source],
    );
    expect(checkpoint.rows[0]?.position).toBe(head.rows[0]?.position);
  });

  it('sets nothing aside for an event that fails twice and then goes through', async () => {
    const stream = `s-${randomUUID()}`;
    let failures_left = 2;
    await append(stream, 'flaky', 'after');
    const source = project(stream, (label) => label === 'flaky' && failures_left-- > 0);

    await eventually(
      async () => ((await applied(stream)).length === 2 ? true : undefined),
      'both events applied',
    );
    expect(await applied(stream)).toEqual(['flaky', 'after']);
    expect(failures_left).toBeLessThan(0);
    expect(await letters(source)).toEqual([]);
  });

  it('holds a failing last event until another event goes through, then sets it aside', async () => {
    const stream = `s-${randomUUID()}`;
    await append(stream, 'first', 'poison');
    let attempts = 0;
    const source = project(stream, (label) => label === 'poison' && ++attempts > 0);

    // Alone at the end, failing for as long as the store offers nothing else: not set aside.
    await eventually(async () => (attempts >= 6 ? true : undefined), 'the event retried');
    expect(await letters(source)).toEqual([]);
    expect(await applied(stream)).toEqual(['first']);

    await append(stream, 'later');
    await eventually(
      async () => ((await applied(stream)).includes('later') ? true : undefined),
      'the later event applied',
    );
    expect(await applied(stream)).toEqual(['first', 'later']);
    expect((await letters(source)).map((letter) => letter.reason)).toEqual([
      'Error: cannot project poison',
    ]);
  });
});
