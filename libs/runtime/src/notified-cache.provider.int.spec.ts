import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Pool } from 'pg';
import {
  createPool,
  dropDatabase,
  ensureDatabase,
  type NotifiedCache,
} from '@platform/persistence';
import { notifiedCacheProvider } from './notified-cache.provider';
import { SERVICE_POOL } from './service-database';

const admin_url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const KEPT = Symbol('KEPT');

@Injectable()
class Owner {
  constructor(@Inject(KEPT) readonly kept: NotifiedCache) {}
}

describe('notifiedCacheProvider: a cache Nest starts at init and closes at shutdown', () => {
  let db_name: string;
  let pool: Pool;

  beforeAll(async () => {
    db_name = `cache_provider_${randomBytes(5).toString('hex')}`;
    pool = createPool({ url: await ensureDatabase(admin_url, db_name), schema: 'cache_svc' });
  });

  afterAll(async () => {
    await pool.end();
    await dropDatabase(admin_url, db_name);
  });

  it('keeps answers from the module init, and forgets them all at close', async () => {
    @Module({
      providers: [
        { provide: SERVICE_POOL, useValue: pool },
        notifiedCacheProvider(KEPT, { channel: 'provider_test', capacity: 10, ttl_ms: 60_000 }),
        Owner,
      ],
    })
    class CacheModule {}
    const app = await NestFactory.createApplicationContext(CacheModule, { logger: false });
    const { kept } = app.get(Owner);
    let loads = 0;
    const load = async () => ({ n: (loads += 1) });

    // Listening since init: the second read is answered from memory.
    expect(await kept.read('k', load, () => ['t:1'])).toEqual({ n: 1 });
    expect(await kept.read('k', load, () => ['t:1'])).toEqual({ n: 1 });
    expect(kept.size).toBe(1);

    await app.close();
    // Closed with the application: nothing kept, and every read goes to the database again.
    expect(kept.size).toBe(0);
    expect(await kept.read('k', load, () => ['t:1'])).toEqual({ n: 2 });
    expect(await kept.read('k', load, () => ['t:1'])).toEqual({ n: 3 });
  });
});
