import { createPool } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import type { Pool } from 'pg';
import { Inbox } from './inbox';

describe('Inbox', () => {
  const schema = 'inbox_svc';
  let db: TestDatabase;
  let pool: Pool;
  let inbox: Inbox;

  beforeAll(async () => {
    db = await createTestDatabase('inbox');
    pool = createPool({ url: db.url, schema, max_connections: 20 });
    expect(await Inbox.migrate(pool, schema)).toBeGreaterThan(0);
    await pool.query('create table effects (message_id text not null, note text)');
    inbox = new Inbox({ pool, schema });
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  async function effectsOf(message_id: string): Promise<number> {
    const { rows } = await pool.query<{ count: string }>(
      'select count(*) from effects where message_id = $1',
      [message_id],
    );
    return Number(rows[0]?.count);
  }

  const recordEffect = (message_id: string) => async (client: { query: Pool['query'] }) => {
    await client.query('insert into effects (message_id) values ($1)', [message_id]);
    return message_id;
  };

  it('runs the work of a message once per consumer and skips a redelivery', async () => {
    await expect(inbox.handleOnce('ledger', 'evt-1', recordEffect('evt-1'))).resolves.toEqual({
      status: 'handled',
      result: 'evt-1',
    });
    await expect(inbox.handleOnce('ledger', 'evt-1', recordEffect('evt-1'))).resolves.toEqual({
      status: 'duplicate',
    });
    await expect(
      inbox.handleOnce('notifications', 'evt-1', recordEffect('evt-1')),
    ).resolves.toMatchObject({ status: 'handled' });
    expect(await effectsOf('evt-1')).toBe(2);
  });

  it('forgets a message whose work failed, so its redelivery runs it', async () => {
    const failing = inbox.handleOnce('ledger', 'evt-2', async (client) => {
      await client.query('insert into effects (message_id) values ($1)', ['evt-2']);
      throw new Error('rule broken');
    });
    await expect(failing).rejects.toThrow('rule broken');
    expect(await effectsOf('evt-2')).toBe(0);
    await expect(inbox.handleOnce('ledger', 'evt-2', recordEffect('evt-2'))).resolves.toMatchObject(
      { status: 'handled' },
    );
    expect(await effectsOf('evt-2')).toBe(1);
  });

  it('runs the work exactly once when duplicates arrive at the same time', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        inbox.handleOnce('ledger', 'evt-3', async (client) => {
          await client.query('select pg_sleep(0.05)');
          return recordEffect('evt-3')(client);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'handled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toHaveLength(7);
    expect(await effectsOf('evt-3')).toBe(1);
  });

  it('lets a concurrent duplicate run when the first delivery rolls back', async () => {
    let entered: () => void = () => undefined;
    const first_holds_row = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = inbox.handleOnce('ledger', 'evt-4', async () => {
      entered();
      await held;
      throw new Error('first delivery fails');
    });
    await first_holds_row;
    const second = inbox.handleOnce('ledger', 'evt-4', recordEffect('evt-4'));
    await waitUntil(async () => (await lockWaiters()) > 0);
    release();
    await expect(first).rejects.toThrow('first delivery fails');
    await expect(second).resolves.toMatchObject({ status: 'handled' });
    expect(await effectsOf('evt-4')).toBe(1);
  });

  it('takes a batch in one transaction, giving the work only the messages not handled before', async () => {
    await inbox.handleOnce('batch', 'evt-6', recordEffect('evt-6'));
    const fresh = await inbox.handleManyOnce(
      'batch',
      ['evt-6', 'evt-7', 'evt-8', 'evt-7'],
      async (client, fresh_ids) => {
        for (const id of fresh_ids) await recordEffect(id)(client);
        return [...fresh_ids].sort();
      },
    );
    expect(fresh).toEqual(['evt-7', 'evt-8']);
    expect([await effectsOf('evt-6'), await effectsOf('evt-7'), await effectsOf('evt-8')]).toEqual([
      1, 1, 1,
    ]);
    const again = await inbox.handleManyOnce('batch', ['evt-7', 'evt-8'], async (_, ids) => ids);
    expect(again.size).toBe(0);
  });

  it('forgets the whole batch when its work fails, so every message of it runs again', async () => {
    const failing = inbox.handleManyOnce('batch', ['evt-9', 'evt-10'], async (client, ids) => {
      for (const id of ids) await recordEffect(id)(client);
      throw new Error('rule broken');
    });
    await expect(failing).rejects.toThrow('rule broken');
    expect([await effectsOf('evt-9'), await effectsOf('evt-10')]).toEqual([0, 0]);
    const retried = await inbox.handleManyOnce('batch', ['evt-9', 'evt-10'], async (_, ids) => ids);
    expect([...retried].sort()).toEqual(['evt-10', 'evt-9']);
  });

  it('prunes old entries', async () => {
    await inbox.handleOnce('pruner', 'evt-5', async () => undefined);
    expect(await inbox.prune(new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    await expect(inbox.handleOnce('pruner', 'evt-5', async () => 'again')).resolves.toEqual({
      status: 'handled',
      result: 'again',
    });
  });

  async function lockWaiters(): Promise<number> {
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    return Number(rows[0]?.count);
  }
});

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
