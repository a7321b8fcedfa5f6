import type { Pool } from 'pg';
import type { PgEventStore, RecordedEvent } from '@platform/event-store';
import { createPool, DeadLetters, migrate, withTransaction } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { LedgerCommands } from '../application/ledger-commands';
import { applyBalanceEvents, LEDGER_MIGRATIONS_DIR, rebuildBalances } from './balances-projection';
import {
  LEGACY_PROJECTION_SUBSCRIPTIONS,
  RETIRED_POSITION,
  startLedgerProjections,
  takeOverLegacyCheckpoints,
} from './ledger-projections';
import { LEDGER_EVENTS_SCHEMA, openLedgerEventStore } from './ledger-store';
import { applyMovementEvents, rebuildMovements } from './movements-projection';
import { LEDGER_PROJECTIONS_SUBSCRIPTION } from './projection-replay';

const [LEGACY_BALANCES, LEGACY_MOVEMENTS] = LEGACY_PROJECTION_SUBSCRIPTIONS as [string, string];

/**
 * A ledger of the version that kept balances and movements under their own checkpoints, one
 * behind the other, taken over by the single subscription: nothing applied twice, nothing lost.
 */
describe('ledger projections: taking over per-projection checkpoints', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  let commands: LedgerCommands;

  beforeAll(async () => {
    database = await createTestDatabase('ledger_takeover');
    pool = createPool({ url: database.url, schema: 'ledger', max_connections: 6 });
    await migrate(pool, { schema: 'ledger', migrations_dir: LEDGER_MIGRATIONS_DIR });
    await DeadLetters.migrate(pool, 'ledger');
    store = await openLedgerEventStore(pool, 'test');
    commands = new LedgerCommands(store);
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const usd = (account_id: string, operation_id: string, amount: string, kind = 'payin') => ({
    account_id,
    operation_id,
    asset: 'USD' as const,
    amount,
    kind,
  });

  async function someHistory(tag: string): Promise<void> {
    await commands.credit(usd(`${tag}-a`, `${tag}-fund-a`, '100.00'));
    await commands.credit(usd(`${tag}-b`, `${tag}-fund-b`, '5.00'));
    await commands.transfer({
      from_account_id: `${tag}-a`,
      to_account_id: `${tag}-b`,
      operation_id: `${tag}-xfer`,
      asset: 'USD',
      amount: '12.34',
      kind: 'transfer',
    });
    await commands.placeHold({
      ...usd(`${tag}-a`, `${tag}-hold`, '20.00', 'payout'),
      hold_id: tag,
    });
    await commands.postHold({ account_id: `${tag}-a`, operation_id: `${tag}-post`, hold_id: tag });
    await commands.debit(usd(`${tag}-b`, `${tag}-debit`, '1.00', 'payout'));
  }

  /**
   * Every event written so far. The store answers events only below the oldest transaction open
   * on the server, and other suites run beside this one: wait until it answers all of them.
   */
  async function storedEvents(): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<{ written: number }>(
      `select count(*)::int as written from ${LEDGER_EVENTS_SCHEMA}.events`,
    );
    for (let attempt = 1; ; attempt += 1) {
      const events = await store.readAll({ from_position: '0', limit: 10_000 });
      if (events.length >= rows[0]!.written || attempt === 200) return events;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function snapshot(): Promise<{ balances: unknown[]; movements: unknown[] }> {
    const balances = await pool.query(
      `select account_id, asset, available::text, held::text, total::text
         from ledger.balances order by account_id, asset`,
    );
    const movements = await pool.query(
      `select id, position::text, account_id, asset, amount::text, balance_after::text, kind
         from ledger.movements order by id`,
    );
    return { balances: balances.rows, movements: movements.rows };
  }

  async function checkpoints(): Promise<Record<string, string>> {
    const { rows } = await pool.query<{ name: string; position: string }>(
      `select name, position::text from ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.position]));
  }

  it('brings the projection behind up to the other, starts one checkpoint there, once', async () => {
    await someHistory('t1');
    const events = await storedEvents();
    expect(events.length).toBeGreaterThan(6);
    // As the older version left them: balances at the last event, movements three events behind.
    const balances_at = events.at(-1)!.position;
    const movements_at = events.at(-4)!.position;
    const upTo = (position: string) => events.filter((e) => BigInt(e.position) <= BigInt(position));
    await withTransaction(pool, async (client) => {
      await applyBalanceEvents(client, upTo(balances_at));
      await applyMovementEvents(client, upTo(movements_at));
      await client.query(
        `insert into ${LEDGER_EVENTS_SCHEMA}.subscription_checkpoints (name, position)
         values ($1, $2::bigint), ($3, $4::bigint)`,
        [LEGACY_BALANCES, balances_at, LEGACY_MOVEMENTS, movements_at],
      );
    });

    expect(await takeOverLegacyCheckpoints(pool)).toBe(balances_at);
    expect(await checkpoints()).toEqual({
      [LEDGER_PROJECTIONS_SUBSCRIPTION]: balances_at,
      [LEGACY_BALANCES]: RETIRED_POSITION,
      [LEGACY_MOVEMENTS]: RETIRED_POSITION,
    });
    // What it took over is exactly a replay from zero to the single checkpoint.
    const taken_over = await snapshot();
    expect(taken_over.movements.length).toBeGreaterThan(0);
    await rebuildBalances(pool);
    await rebuildMovements(pool);
    expect(await snapshot()).toEqual(taken_over);
    // A second process booting later finds nothing to take over.
    expect(await takeOverLegacyCheckpoints(pool)).toBeNull();
  });

  it('then keeps both projections from the single checkpoint on', async () => {
    const subscription = startLedgerProjections(store, new DeadLetters(pool, 'ledger'));
    try {
      await someHistory('t2');
      // Every event committed so far (a read of the store may hold back the newest for a moment).
      const { rows } = await pool.query<{ last: string }>(
        `select max(position)::text as last from ${LEDGER_EVENTS_SCHEMA}.events`,
      );
      const last = rows[0]!.last;
      for (let attempt = 0; ; attempt += 1) {
        if ((await checkpoints())[LEDGER_PROJECTIONS_SUBSCRIPTION] === last) break;
        if (attempt > 400) throw new Error('the projections did not catch up');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const live = await snapshot();
      await rebuildBalances(pool);
      await rebuildMovements(pool);
      expect(await snapshot()).toEqual(live);
      // The retired checkpoints stay where they were put.
      const after = await checkpoints();
      expect([after[LEGACY_BALANCES], after[LEGACY_MOVEMENTS]]).toEqual([
        RETIRED_POSITION,
        RETIRED_POSITION,
      ]);
    } finally {
      await subscription.stop();
    }
  });
});
