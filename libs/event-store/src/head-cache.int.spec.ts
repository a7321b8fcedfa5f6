import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import {
  DuplicateEventIdError,
  PgEventStore,
  WrongExpectedVersionError,
  type NewEvent,
} from './index';

// Appends hash from the head this process last saw when they can; these cases make that head
// wrong (another process moved it, a transaction rolled back) and check nothing else changes.
const SCHEMA = 'cached_heads';

function credited(amount: string, extra: Partial<NewEvent> = {}): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' }, ...extra };
}

describe('PgEventStore with remembered stream heads', () => {
  let db: TestDatabase;
  let pool: Pool;
  let other_pool: Pool;
  let here: PgEventStore;
  let elsewhere: PgEventStore;
  const stream = (): string => `account-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase('evheads');
    pool = createPool({ url: db.url, max_connections: 10 });
    other_pool = createPool({ url: db.url, max_connections: 10 });
    here = new PgEventStore(pool, { schema: SCHEMA, environment: 'test' });
    elsewhere = new PgEventStore(other_pool, { schema: SCHEMA, environment: 'test' });
    await here.migrate();
  });

  afterAll(async () => {
    await Promise.all([pool.end(), other_pool.end()]);
    await db.drop();
  });

  async function versions(name: string): Promise<number[]> {
    return (await here.readStream(name)).map((event) => event.stream_version);
  }

  it('chains onto the stored head when another process moved it since', async () => {
    const name = stream();
    await here.append(name, [credited('1')], { expected_version: 'no_stream' });
    await elsewhere.append(name, [credited('2')], { expected_version: 'any' });
    expect(await here.append(name, [credited('3')], { expected_version: 'any' })).toMatchObject({
      next_version: 3,
    });
    const stale = here.append(name, [credited('4')], { expected_version: 1 });
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(stale).rejects.toMatchObject({ expected: 1, actual: 3 });
    expect(await elsewhere.append(name, [credited('4')], { expected_version: 3 })).toMatchObject({
      next_version: 4,
    });
    expect(
      await here.append(name, [credited('5'), credited('6')], { expected_version: 4 }),
    ).toMatchObject({
      next_version: 6,
    });
    expect(await versions(name)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await here.verifyStream(name)).toMatchObject({ valid: true, last_version: 6 });
  });

  it('does not chain onto the head of a rolled-back transaction', async () => {
    const name = stream();
    await here.append(name, [credited('1')], { expected_version: 'no_stream' });
    const client = await pool.connect();
    await client.query('begin');
    await here.appendInTransaction(client, name, [credited('rolled back')], {
      expected_version: 1,
    });
    await client.query('rollback');
    client.release();

    // Same version as the rolled-back head, another hash: only the hash tells them apart.
    await elsewhere.append(name, [credited('2')], { expected_version: 1 });
    expect(await here.append(name, [credited('3')], { expected_version: 'any' })).toMatchObject({
      next_version: 3,
    });
    expect((await here.readStream(name)).map((event) => event.data)).toEqual(
      ['1', '2', '3'].map((amount) => ({ amount, asset: 'USD' })),
    );
    expect(await here.verifyStream(name)).toMatchObject({ valid: true, last_version: 3 });
  });

  it('appends after reading a stream another process wrote', async () => {
    const name = stream();
    await elsewhere.append(name, [credited('1'), credited('2')], { expected_version: 'no_stream' });
    const read = await here.readStream(name);
    const result = await here.append(name, [credited('3')], { expected_version: read.length });
    expect(result.next_version).toBe(3);
    expect(await here.verifyStream(name)).toMatchObject({ valid: true, last_version: 3 });
  });

  it('keeps one gap-free, valid chain under concurrent appends from two processes', async () => {
    const name = stream();
    await here.append(name, [credited('0')], { expected_version: 'no_stream' });
    await elsewhere.readStream(name);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        (index % 2 === 0 ? here : elsewhere).append(name, [credited(String(index + 1))], {
          expected_version: 'any',
        }),
      ),
    );
    expect(results.map((result) => result.next_version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 24 }, (_, index) => index + 2),
    );
    expect(await versions(name)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(await here.verifyStream(name)).toMatchObject({ valid: true, last_version: 25 });
  });

  it('refuses a stored event_id and leaves the stream as it was', async () => {
    const name = stream();
    const event_id = randomUUID();
    await here.append(name, [credited('1', { event_id })], { expected_version: 'no_stream' });
    await expect(
      here.append(name, [credited('1', { event_id })], { expected_version: 1 }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await here.streamVersion(name)).toBe(1);
    expect(await here.append(name, [credited('2')], { expected_version: 1 })).toMatchObject({
      next_version: 2,
    });
    expect(await here.verifyStream(name)).toMatchObject({ valid: true, last_version: 2 });
  });

  it("wakes subscribers when a caller's transaction with an append commits", async () => {
    const prefix = `woken-${randomUUID()}`;
    const seen: string[] = [];
    const subscription = here.subscribe({
      name: `woken-${randomUUID()}`,
      stream_prefix: prefix,
      poll_interval_ms: 3_600_000,
      handler: async (events) => void seen.push(...events.map((event) => event.stream)),
    });
    try {
      await here.append(`${prefix}-a`, [credited('1')], { expected_version: 'no_stream' });
      await eventually(() => seen.length === 1);
      await sleep(200);
      const client: PoolClient = await pool.connect();
      await client.query('begin');
      await here.appendInTransaction(client, `${prefix}-b`, [credited('2')], {
        expected_version: 'no_stream',
      });
      await client.query('commit');
      client.release();
      await eventually(() => seen.length === 2);
      expect(seen).toEqual([`${prefix}-a`, `${prefix}-b`]);
    } finally {
      await subscription.stop();
    }
  });
});

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (check()) return;
    await sleep(20);
  }
  throw new Error('condition never held');
}

async function sleep(delay_ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, delay_ms));
}
