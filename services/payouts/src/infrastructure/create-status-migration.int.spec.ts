import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import type { PayoutResource } from '@platform/contracts';
import { BusClient, InProcessBus } from '@platform/messaging';
import { createPool, migrate, NotifiedCache } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { PayoutCreation } from '../application/payout-creation';
import { PayoutTransitions } from '../application/payout-transitions';
import { publicPayout } from '../domain/payout-record';
import { draftPayout, requestFingerprint } from '../domain/payout-request';
import { openPayout } from '../domain/payout-state';
import { flagsOf } from '../domain/payout-status';
import { pricePayout } from '../domain/pricing';
import { LimitsAndDocumentsRepository } from './limits-and-documents.repository';
import { OtherServices } from './other-services';
import { openPayoutsEventStore } from './payouts-store';
import { PayoutsRepository } from './payouts.repository';
import { RailConnectors } from './rail-connectors';
import { payoutsSettingsSchema } from '../payouts.settings';

const MIGRATIONS_DIR = path.join(__dirname, '../../migrations');
const SCHEMA = 'payouts';

/** A folder with the service's migrations before 003 (which drops `create_status`). */
function migrationsBefore003(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'payouts-migrations-'));
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '003')) {
    copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  return dir;
}

const request = {
  country: 'BR',
  currency: 'BRL',
  method: 'pix',
  amount: '54.00',
  beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
};

/** The body a create answered before 003: the payout as it was stored for its replays. */
function answeredBody(payout_id: string): PayoutResource {
  const draft = draftPayout(request);
  const rates = {
    assets: [
      { asset: 'USD', usd_per_unit: '1' },
      { asset: 'USDT', usd_per_unit: '1' },
    ],
    currencies: [{ currency: 'BRL', per_usd: '5.40' }],
  };
  const { payout } = openPayout({
    payout_id,
    account_id: 'acc-1',
    org_id: 'demo',
    idempotency_key: 'key-before-003',
    source: 'api',
    draft,
    price: pricePayout(draft.local_amount, 'USD', rates),
    now: '2026-11-01T10:00:00.000Z',
  });
  return publicPayout({ ...payout, ...flagsOf('rail_submitted') });
}

/** Inserts a finished create the way the service stored it before 003. */
async function storeOldCreate(pool: Pool, create_status: number): Promise<PayoutResource> {
  const payout_id = '7a1c2f4e-8d3b-4c5a-9e6f-0b1d2c3e4f50';
  const body = answeredBody(payout_id);
  await pool.query(
    `insert into payouts (payout_id, account_id, org_id, idempotency_key, request_fingerprint,
       creation, create_status, create_response)
     values ($1, 'acc-1', 'demo', 'key-before-003', $2, 'created', $3, $4)`,
    [payout_id, requestFingerprint('payout', request), create_status, JSON.stringify(body)],
  );
  return body;
}

async function hasCreateStatus(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `select 1 from information_schema.columns
     where table_schema = $1 and table_name = 'payouts' and column_name = 'create_status'`,
    [SCHEMA],
  );
  return rows.length > 0;
}

/**
 * Migration 003 takes the HTTP status out of the payouts service (the gateway answers 202): a
 * create stored before it replays the same payout after it.
 */
describe('payouts migration 003: no stored HTTP status', () => {
  const databases: TestDatabase[] = [];
  const pools: Pool[] = [];

  async function schemaBefore003(): Promise<Pool> {
    const database = await createTestDatabase('payouts_003');
    databases.push(database);
    const pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 4 });
    pools.push(pool);
    await migrate(pool, { schema: SCHEMA, migrations_dir: migrationsBefore003() });
    return pool;
  }

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('drops create_status, and a create stored before replays its payout unchanged', async () => {
    const pool = await schemaBefore003();
    const body = await storeOldCreate(pool, 202);
    // 003 and every migration after it.
    const from_003 = readdirSync(MIGRATIONS_DIR).filter((name) => name >= '003').length;
    expect(await migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR })).toBe(from_003);
    expect(await hasCreateStatus(pool)).toBe(false);

    const bus = new InProcessBus();
    const services = new OtherServices(new BusClient(bus));
    const payouts = new PayoutsRepository(pool, await openPayoutsEventStore(pool, 'test'));
    const creation = new PayoutCreation(
      payouts,
      // Never started: every read of terms goes to the database.
      new LimitsAndDocumentsRepository(
        pool,
        new NotifiedCache(pool, { channel: 'payout_terms', capacity: 1, ttl_ms: 1 }),
      ),
      services,
      new PayoutTransitions(payoutsSettingsSchema.parse({}), new RailConnectors('test'), services),
    );
    const replay = await creation.create(
      { account_id: 'acc-1', org_id: 'demo', idempotency_key: 'key-before-003', request },
      null,
    );
    expect(replay).toEqual({ payout: body, replayed: true });
    await bus.close();
  });

  it('stops rather than drop a stored status other than 202', async () => {
    const pool = await schemaBefore003();
    await storeOldCreate(pool, 201);
    await expect(migrate(pool, { schema: SCHEMA, migrations_dir: MIGRATIONS_DIR })).rejects.toThrow(
      'create_status holds a status other than 202',
    );
    expect(await hasCreateStatus(pool)).toBe(true);
  });
});
