import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import {
  startTestPlatform,
  TEST_OPERATOR_TOKEN as OPERATOR_TOKEN,
  type TestPlatform,
} from '@platform/all-in-one';
import { PgEventStore } from '@platform/event-store';
import { createPool } from '@platform/persistence';
import { buildDist, distEntry } from '@platform/testing';

const run = promisify(execFile);
const CLI = distEntry('tools/cli/src/main.js');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator's integrity tools against a running all-in-one platform's database: `events
 * verify` (hash chains), `projections rebuild` (replay compared with the live projection) and
 * `dead-letters list` (what was set aside, D12).
 */
describe('operator CLI: event store and projection integrity', () => {
  let platform: TestPlatform;
  let pool: Pool;

  beforeAll(async () => {
    buildDist();
    platform = await startTestPlatform('cli_integrity');
    pool = createPool({ url: platform.environments.test.database_url, max_connections: 2 });
    // Some history in the ledger and identity stores: two accounts with demo movements.
    for (const email of ['first', 'second'])
      await register(`${email}-${Date.now()}@integrity.example`);
  });
  afterAll(async () => {
    await pool?.end();
    await platform?.dispose();
  });

  async function register(email: string): Promise<void> {
    const base = platform.environments.test.base_url;
    const post = (route: string, body: unknown) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const registered = await post('/v1/auth/register', {
      org: 'demo',
      type: 'person',
      email,
      password: 'correct horse battery',
      display_name: 'Integrity',
    });
    expect(registered.status).toBe(201);
    const confirmed = await post('/v1/auth/register/confirm', {
      org: 'demo',
      email,
      code: '000000',
    });
    expect(confirmed.status).toBe(200);
  }

  const cli = (...args: string[]): Promise<Outcome> =>
    run(process.execPath, [CLI, '--url', platform.environments.test.base_url, ...args], {
      env: { ...process.env, OPERATOR_TOKEN },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  const onDatabase = (...args: string[]) =>
    cli(...args, '--database-url', platform.environments.test.database_url);

  /** Changes stored rows as someone with SQL access would, past the store's immutability. */
  async function tamper(table: string, sql: string, values: unknown[]): Promise<void> {
    await pool.query(`alter table ${table} disable trigger user`);
    try {
      await pool.query(sql, values);
    } finally {
      await pool.query(`alter table ${table} enable trigger user`);
    }
  }

  it('rebuilds each ledger projection without a difference from a healthy store', async () => {
    for (const name of ['ledger.balances', 'ledger.movements']) {
      const rebuilt = await onDatabase('projections', 'rebuild', name);
      expect(rebuilt.code).toBe(0);
      const comparison = JSON.parse(rebuilt.stdout) as Record<string, unknown>;
      expect(comparison).toMatchObject({
        projection: name,
        only_live: { count: 0, rows: [] },
        only_rebuilt: { count: 0, rows: [] },
        swapped: false,
      });
      expect(comparison.replayed_events).toBeGreaterThan(0);
    }
    const unknown = await onDatabase('projections', 'rebuild', 'ledger.nothing');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown projection ledger.nothing');
  });

  it('reports a tampered projection row, leaves it without --swap and repairs it with', async () => {
    const { rows } = await pool.query<{ id: string; amount: string }>(
      `select id, amount::text from ledger.movements order by position limit 1`,
    );
    const [row] = rows;
    await pool.query(`update ledger.movements set amount = amount + 1000 where id = $1`, [row!.id]);

    const compared = await onDatabase('projections', 'rebuild', 'ledger.movements');
    expect(compared.code).toBe(1);
    const comparison = JSON.parse(compared.stdout) as {
      only_live: { count: number; rows: { id: string }[] };
      only_rebuilt: { count: number; rows: { id: string; amount: string }[] };
    };
    expect(comparison.only_live.count).toBe(1);
    expect(comparison.only_live.rows[0]?.id).toBe(row!.id);
    expect(comparison.only_rebuilt.rows).toEqual([
      expect.objectContaining({ id: row!.id, amount: row!.amount }),
    ]);
    // Without --swap the live projection is left as it was.
    const still = await pool.query(
      `select amount - 1000 = $2::numeric as tampered from ledger.movements where id = $1`,
      [row!.id, row!.amount],
    );
    expect(still.rows[0].tampered).toBe(true);

    const swapped = await onDatabase('projections', 'rebuild', 'ledger.movements', '--swap');
    expect(swapped.code).toBe(0);
    expect(JSON.parse(swapped.stdout)).toMatchObject({ swapped: true });
    const again = await onDatabase('projections', 'rebuild', 'ledger.movements');
    expect(again.code).toBe(0);
  });

  it('verifies every hash chain, and names the stream and position of a tampered event', async () => {
    const clean = await onDatabase('events', 'verify');
    expect(clean.code).toBe(0);
    const report = JSON.parse(clean.stdout) as {
      checked: { schema: string; streams: number; events: number }[];
      broken: unknown[];
    };
    expect(report.broken).toEqual([]);
    const ledger = report.checked.find((store) => store.schema === 'ledger_events');
    expect(ledger?.streams).toBeGreaterThanOrEqual(2);
    expect(report.checked.map((store) => store.schema)).toContain('identity_events');

    const { rows } = await pool.query<{ stream: string; position: string; stream_version: number }>(
      `select stream, position::text, stream_version from ledger_events.events
        where stream like 'account-%' order by position desc limit 1`,
    );
    const [target] = rows;
    // A field the hash covers but no projection reads: only the chain can tell.
    await tamper(
      'ledger_events.events',
      `update ledger_events.events set correlation_id = 'forged' where position = $1`,
      [target!.position],
    );
    const broken = await onDatabase('events', 'verify');
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).broken).toEqual([
      {
        schema: 'ledger_events',
        stream: target!.stream,
        version: target!.stream_version,
        position: target!.position,
        reason: 'hash_mismatch',
      },
    ]);
    expect(broken.stderr).toContain(`stream ${target!.stream}`);
    expect(broken.stderr).toContain(`position ${target!.position}`);
  });

  it('lists a set-aside event with the CLI, and a rebuild skips it as the live projection did', async () => {
    const store = new PgEventStore(pool, { schema: 'ledger_events', environment: 'test' });
    const account_id = randomUUID();
    const event_id = randomUUID();
    await store.append(
      `account-${account_id}`,
      [
        {
          event_id,
          type: 'ledger.funds_credited',
          account_id,
          data: { account_id, asset: 'USD', amount: 'plenty', balance_after: 'plenty' },
        },
      ],
      { expected_version: 'no_stream' },
    );
    // Another account's history after it: the projections go on and set the bad one aside.
    await register(`third-${Date.now()}@integrity.example`);

    let listed: {
      total: number;
      dead_letters: { letter_id: string; record_key: string; source: string }[];
    } = {
      total: 0,
      dead_letters: [],
    };
    for (let attempt = 0; attempt < 100 && listed.total === 0; attempt += 1) {
      const outcome = await cli('dead-letters', 'list', '--service', 'ledger');
      expect(outcome.code).toBe(0);
      listed = JSON.parse(outcome.stdout) as typeof listed;
      if (listed.total === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(listed.dead_letters).toEqual([
      expect.objectContaining({
        service: 'ledger',
        source: 'projection:ledger',
        record_key: event_id,
      }),
    ]);
    const by_source = await cli('dead-letters', 'list', '--source', 'worker:payout_step');
    expect(JSON.parse(by_source.stdout)).toMatchObject({ total: 0, dead_letters: [] });

    const rebuilt = await onDatabase('projections', 'rebuild', 'ledger.balances');
    expect(rebuilt.code).toBe(0);

    const [letter] = listed.dead_letters;
    const deleted = await cli(
      'dead-letters',
      'delete',
      '--service',
      'ledger',
      '--id',
      letter!.letter_id,
    );
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ record_key: event_id });
    const after = await cli('dead-letters', 'list', '--service', 'ledger');
    expect(JSON.parse(after.stdout)).toMatchObject({ total: 0 });
    const again = await cli(
      'dead-letters',
      'delete',
      '--service',
      'ledger',
      '--id',
      letter!.letter_id,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not_found');
  });
});
