import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PgEventStore, WrongExpectedVersionError, type NewEvent } from './index';

// An append to several streams whose heads this process remembers is one statement that writes
// only if every stored head is still the remembered one. These cases make a remembered head wrong
// (another process moved it, a transaction rolled back) and check that nothing else changes.
const SCHEMA = 'known_heads';

function credited(amount: string): NewEvent {
  return { type: 'ledger.funds_credited', data: { amount, asset: 'USD' } };
}

describe('PgEventStore appending to several remembered streams', () => {
  let db: TestDatabase;
  let pool: Pool;
  let other_pool: Pool;
  let here: PgEventStore;
  let elsewhere: PgEventStore;
  const stream = (): string => `account-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase('evknown');
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

  async function amounts(name: string): Promise<unknown[]> {
    return (await here.readStream(name)).map((event) => (event.data as { amount: string }).amount);
  }

  async function opened(): Promise<[string, string]> {
    const [a, b] = [stream(), stream()];
    await here.append(a, [credited('a1')], { expected_version: 'no_stream' });
    await here.append(b, [credited('b1')], { expected_version: 'no_stream' });
    return [a, b];
  }

  it('appends to both streams in one statement, with a valid chain each', async () => {
    const [a, b] = await opened();
    const begin = jest.spyOn(pool, 'connect');
    const statements = jest.spyOn(pool, 'query');
    const results = await here.appendMany([
      { stream: a, expected_version: 1, events: [credited('a2'), credited('a3')] },
      { stream: b, expected_version: 1, events: [credited('b2')] },
    ]);
    // One statement on the pool (and the wake-up after it), no transaction on a client of its own.
    const texts = statements.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : (query as { text: string }).text,
    );
    expect(texts.filter((text) => text.includes('allocate_event_positions'))).toHaveLength(1);
    expect(begin.mock.calls.length).toBe(statements.mock.calls.length);
    begin.mockRestore();
    statements.mockRestore();
    expect(results.map((result) => result.next_version)).toEqual([3, 2]);
    const positions = results.flatMap((result) => result.positions.map(BigInt));
    expect(positions).toEqual([positions[0], positions[0]! + 1n, positions[0]! + 2n]);
    expect(await amounts(a)).toEqual(['a1', 'a2', 'a3']);
    expect(await here.verifyStream(a)).toMatchObject({ valid: true, last_version: 3 });
    expect(await here.verifyStream(b)).toMatchObject({ valid: true, last_version: 2 });
  });

  it("writes a new stream appended with 'any' in one statement, without reading its head", async () => {
    const name = stream();
    const statements = jest.spyOn(pool, 'query');
    await here.append(name, [credited('1')], { expected_version: 'any' });
    const texts = statements.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : (query as { text: string }).text,
    );
    statements.mockRestore();
    expect(texts.filter((text) => text.includes('allocate_event_positions'))).toHaveLength(1);
    expect(texts.filter((text) => /^select version, last_hash/.test(text.trim()))).toHaveLength(0);
    // A stream that has events, unknown to this process: the guess writes nothing, the stored
    // head decides, and the chain continues from it.
    await elsewhere.append(name, [credited('2')], { expected_version: 'any' });
    await elsewhere.append(name, [credited('3')], { expected_version: 'any' });
    expect(await amounts(name)).toEqual(['1', '2', '3']);
    expect(await elsewhere.verifyStream(name)).toMatchObject({ valid: true, last_version: 3 });
  });

  it('writes to neither stream when another process moved one of them', async () => {
    const [a, b] = await opened();
    await elsewhere.append(b, [credited('b2 elsewhere')], { expected_version: 1 });
    const stale = here.appendMany([
      { stream: a, expected_version: 1, events: [credited('a2')] },
      { stream: b, expected_version: 1, events: [credited('b2')] },
    ]);
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await amounts(a)).toEqual(['a1']);
    expect(await amounts(b)).toEqual(['b1', 'b2 elsewhere']);

    await elsewhere.append(a, [credited('a2 elsewhere')], { expected_version: 1 });
    const results = await here.appendMany([
      { stream: a, expected_version: 'any', events: [credited('a3')] },
      { stream: b, expected_version: 'any', events: [credited('b3')] },
    ]);
    expect(results.map((result) => result.next_version)).toEqual([3, 3]);
    expect(await here.verifyStream(a)).toMatchObject({ valid: true, last_version: 3 });
    expect(await here.verifyStream(b)).toMatchObject({ valid: true, last_version: 3 });
  });

  it('does not chain onto heads of a rolled-back transaction', async () => {
    const [a, b] = await opened();
    const client = await pool.connect();
    await client.query('begin');
    await here.appendManyInTransaction(client, [
      { stream: a, expected_version: 1, events: [credited('a rolled back')] },
      { stream: b, expected_version: 1, events: [credited('b rolled back')] },
    ]);
    await client.query('rollback');
    client.release();
    const results = await here.appendMany([
      { stream: a, expected_version: 1, events: [credited('a2')] },
      { stream: b, expected_version: 1, events: [credited('b2')] },
    ]);
    expect(results.map((result) => result.next_version)).toEqual([2, 2]);
    expect(await amounts(b)).toEqual(['b1', 'b2']);
    expect(await here.verifyStream(a)).toMatchObject({ valid: true, last_version: 2 });
    expect(await here.verifyStream(b)).toMatchObject({ valid: true, last_version: 2 });
  });

  it('keeps gap-free, valid chains under concurrent appends in both orders from two processes', async () => {
    const [a, b] = await opened();
    await Promise.all([elsewhere.readStream(a), elsewhere.readStream(b)]);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) => {
        const order = index % 4 < 2 ? [a, b] : [b, a];
        return (index % 2 === 0 ? here : elsewhere).appendMany(
          order.map((name) => ({
            stream: name,
            expected_version: 'any' as const,
            events: [credited(String(index))],
          })),
        );
      }),
    );
    expect(results).toHaveLength(24);
    for (const name of [a, b]) {
      expect((await here.readStream(name)).map((event) => event.stream_version)).toEqual(
        Array.from({ length: 25 }, (_, index) => index + 1),
      );
      expect(await here.verifyStream(name)).toMatchObject({ valid: true, last_version: 25 });
    }
  });

  describe('appendManyWith', () => {
    beforeAll(async () => {
      await pool.query('create table if not exists known_heads.records (id text primary key)');
    });

    async function recorded(id: string): Promise<boolean> {
      const { rowCount } = await pool.query('select 1 from known_heads.records where id = $1', [
        id,
      ]);
      return rowCount === 1;
    }

    it("commits the caller's rows with the events, or neither", async () => {
      const [a, b] = await opened();
      const record = randomUUID();
      const failed = here.appendManyWith(
        [
          { stream: a, expected_version: 1, events: [credited('a2 failed')] },
          { stream: b, expected_version: 1, events: [credited('b2 failed')] },
        ],
        async (client) => {
          await client.query('insert into known_heads.records values ($1)', [record]);
          throw new Error('the caller failed');
        },
      );
      await expect(failed).rejects.toThrow('the caller failed');
      expect(await recorded(record)).toBe(false);
      expect(await amounts(a)).toEqual(['a1']);

      const { results, written } = await here.appendManyWith(
        [
          { stream: a, expected_version: 1, events: [credited('a2')] },
          { stream: b, expected_version: 1, events: [credited('b2')] },
        ],
        async (client, appended) => {
          await client.query('insert into known_heads.records values ($1)', [record]);
          return appended.map((result) => result.next_version);
        },
      );
      expect(written).toEqual([2, 2]);
      expect(results.map((result) => result.positions.length)).toEqual([1, 1]);
      expect(await recorded(record)).toBe(true);
      expect(await amounts(b)).toEqual(['b1', 'b2']);
      expect(await here.verifyStream(a)).toMatchObject({ valid: true, last_version: 2 });
      expect(await here.verifyStream(b)).toMatchObject({ valid: true, last_version: 2 });
    });

    it('refuses a stale expected version and writes nothing of the caller', async () => {
      const [a, b] = await opened();
      const record = randomUUID();
      const stale = here.appendManyWith(
        [
          { stream: a, expected_version: 0, events: [credited('a stale')] },
          { stream: b, expected_version: 1, events: [] },
        ],
        async (client) => {
          await client.query('insert into known_heads.records values ($1)', [record]);
        },
      );
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await recorded(record)).toBe(false);
      expect(await amounts(a)).toEqual(['a1']);
    });

    it('wakes subscribers once the transaction has committed', async () => {
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
        await new Promise((resolve) => setTimeout(resolve, 200));
        await here.appendManyWith(
          [{ stream: `${prefix}-b`, expected_version: 'no_stream', events: [credited('2')] }],
          async () => undefined,
        );
        await eventually(() => seen.length === 2);
        expect(seen).toEqual([`${prefix}-a`, `${prefix}-b`]);
      } finally {
        await subscription.stop();
      }
    });
  });
});

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition never held');
}
