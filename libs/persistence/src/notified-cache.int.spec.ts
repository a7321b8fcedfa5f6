import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { ChannelHub, createPool, dropDatabase, ensureDatabase, NotifiedCache } from './index';

// persistence sits below @platform/testing, so this suite makes its database itself.
const admin_url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const CHANNEL = 'cache_test';

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A load that counts its calls and answers `{ n }`, the call's number. */
function counted(): { load: () => Promise<{ n: number }>; calls: () => number } {
  let calls = 0;
  return {
    load: async () => ({ n: (calls += 1) }),
    calls: () => calls,
  };
}

describe('NotifiedCache: answers kept until the database tells their rows changed', () => {
  let db_name: string;
  let pool: Pool;
  const caches: NotifiedCache[] = [];

  const started = async (rejoin_after_ms = 1_000): Promise<NotifiedCache> => {
    const cache = new NotifiedCache(pool, {
      channel: CHANNEL,
      capacity: 100,
      ttl_ms: 60_000,
      rejoin_after_ms,
    });
    caches.push(cache);
    await cache.start();
    return cache;
  };
  const notify = (payload: string) => pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  /** Resolves once the process has heard a notification sent after this call on the channel. */
  const heard = async (payload: string): Promise<void> => {
    let told = false;
    const stop = await ChannelHub.of(pool).listen(CHANNEL, {
      notified: (heard_payload) => void (told ||= heard_payload === payload),
      lost: () => undefined,
    });
    await notify(payload);
    await eventually(() => told, `the notification ${payload}`);
    await stop();
  };

  beforeAll(async () => {
    db_name = `cache_${randomBytes(5).toString('hex')}`;
    pool = createPool({ url: await ensureDatabase(admin_url, db_name), schema: 'cache_svc' });
  });

  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.close()));
  });

  afterAll(async () => {
    await pool.end();
    await dropDatabase(admin_url, db_name);
  });

  it('answers from memory until a notification names one of the answer’s tags', async () => {
    const cache = await started();
    const one = counted();
    const two = counted();

    expect(await cache.read('one', one.load, () => ['a:1', 'r:org'])).toEqual({ n: 1 });
    expect(await cache.read('one', one.load, () => ['a:1', 'r:org'])).toEqual({ n: 1 });
    expect(await cache.read('two', two.load, () => ['a:2'])).toEqual({ n: 1 });
    expect(one.calls()).toBe(1);

    await heard('x:9 r:org');
    expect(cache.size).toBe(1);
    expect(await cache.read('one', one.load, () => ['a:1'])).toEqual({ n: 2 });
    expect(await cache.read('two', two.load, () => ['a:2'])).toEqual({ n: 1 });
    expect(two.calls()).toBe(1);

    await heard('a:1');
    expect(await cache.read('one', one.load, () => ['a:1'])).toEqual({ n: 3 });
  });

  it('keeps no answer read while a change was heard, since it may be older than the change', async () => {
    const cache = await started();
    const { load, calls } = counted();
    const racing = async () => {
      const answer = await load();
      // The change commits and is heard while this answer is on its way back.
      await heard('a:unrelated');
      return answer;
    };

    expect(await cache.read('k', racing, () => ['a:1'])).toEqual({ n: 1 });
    expect(await cache.read('k', load, () => ['a:1'])).toEqual({ n: 2 });
    expect(await cache.read('k', load, () => ['a:1'])).toEqual({ n: 2 });
    expect(calls()).toBe(2);
  });

  it('forgets everything at once when this process changed rows, even an answer being read', async () => {
    const cache = await started();
    const { load, calls } = counted();
    await cache.read('k', load, () => ['a:1']);
    await cache.read('other', load, () => ['a:2']);

    cache.forgetAll();
    expect(cache.size).toBe(0);
    const during = async () => {
      const answer = await load();
      cache.forgetAll();
      return answer;
    };
    await cache.read('k', during, () => ['a:1']);
    expect(cache.size).toBe(0);
    expect(calls()).toBe(3);
  });

  it('keeps no null answer: what is not there is asked again', async () => {
    const cache = await started();
    let calls = 0;
    const nothing = async () => {
      calls += 1;
      return null;
    };
    expect(await cache.read('gone', nothing, () => ['a:1'])).toBeNull();
    expect(await cache.read('gone', nothing, () => ['a:1'])).toBeNull();
    expect(calls).toBe(2);
  });

  it('forgets everything when its listening connection is lost, and keeps nothing until it listens again', async () => {
    const cache = await started(100);
    const { load, calls } = counted();
    await cache.read('k', load, () => ['a:1']);
    expect(cache.size).toBe(1);

    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'event-notifications'`,
    );
    await eventually(() => cache.size === 0, 'the cache to forget on the lost connection');
    // Not listening: a notification could be missed, so every read goes to the database.
    expect(await cache.read('k', load, () => ['a:1'])).toEqual({ n: 2 });
    expect(await cache.read('k', load, () => ['a:1'])).toEqual({ n: 3 });

    // It listens again after rejoin_after_ms, on the next read, and keeps answers again.
    await eventually(async () => {
      const before = calls();
      await cache.read('k', load, () => ['a:1']);
      await cache.read('k', load, () => ['a:1']);
      return calls() === before + 1;
    }, 'the cache to listen and keep again');
    const kept_n = calls();
    await heard('a:1');
    expect(await cache.read('k', load, () => ['a:1'])).toEqual({ n: kept_n + 1 });
  });
});
