import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, dropDatabase, ensureDatabase } from '@platform/persistence';
import {
  buildDist,
  distEntry,
  freePortRange,
  startNodeProcess,
  testAdminUrl,
  waitFor,
  type NodeProcess,
} from '@platform/testing';
import { json, riskBatchesClient, type RiskBatch, type TestAccount } from '../clients';

const SUBJECTS = 1_000;

/**
 * A batch survives the death of the process evaluating it (decisions D10): the platform runs as
 * `npm start` does, in a process of its own, and is killed (SIGKILL) while a chunk of items is
 * being evaluated, some of its reports made and not yet recorded. Started again on the same
 * database, it completes the batch, and every item was evaluated exactly once: one report per
 * evaluated item, one `report_created` event per report, one `batch_completed`.
 */
describe('a credit-scoring batch cut short by a crash', () => {
  const prefix = `batchcrash_${Date.now()}`;
  let pool: Pool;
  let running: NodeProcess | null = null;
  let base_url = '';
  const batches = riskBatchesClient(() => ({
    environment: 'test',
    base_url,
    operator_token: 'op_batch_crash',
  }));
  const env = {
    DATABASE_URL: testAdminUrl(),
    DATABASE_PREFIX: prefix,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'batchcrash-')),
    OPERATOR_TOKEN: 'op_batch_crash',
    RATE_LIMIT_PER_SECOND: 'off',
    LOG_LEVEL: 'warn',
  };

  const healthy = (url: string) =>
    fetch(`${url}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    );

  /**
   * Starts the platform and waits until both environments answer: the live one listens last, and
   * a process that cannot take its port exits after the sandbox already answered. Its ports come
   * from below the range the kernel hands to outgoing connections, so another suite's connection
   * cannot take one between the probe and the listen; a start that still loses a port is retried.
   */
  async function start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const port_test = await freePortRange(2);
      const started = startNodeProcess(distEntry('runtime/src/all-in-one.js'), {
        env: { ...env, PORT_TEST: String(port_test), PORT_LIVE: String(port_test + 1) },
      });
      running = started;
      base_url = `http://127.0.0.1:${port_test}`;
      const live_url = `http://127.0.0.1:${port_test + 1}`;
      await waitFor(
        async () =>
          !started.isRunning() || ((await healthy(base_url)) && (await healthy(live_url))),
        120_000,
        250,
      );
      if (started.isRunning()) return;
      if (attempt === 3) throw new Error('the platform process exited three times while starting');
    }
  }

  beforeAll(async () => {
    buildDist();
    await start();
    pool = createPool({
      url: await ensureDatabase(testAdminUrl(), `${prefix}_test`),
      schema: 'risk_scoring',
      max_connections: 2,
    });
  });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    await pool.end();
    for (const environment of ['test', 'live'])
      await dropDatabase(testAdminUrl(), `${prefix}_${environment}`);
  });

  /** The reports made for the batch's items, and the items recorded as completed. */
  async function progress(batch_id: string) {
    const { rows } = await pool.query<{ reports: number; recorded: number; status: string }>(
      `select (select count(*)::int from risk_reports where idempotency_key like $2) as reports,
              completed as recorded, status
         from risk_batches where batch_id = $1`,
      [batch_id, `risk-batch:${batch_id}:%`],
    );
    return rows[0]!;
  }

  it('completes after a restart with every item evaluated exactly once', async () => {
    const account: TestAccount = await batches.register('batchcrash');
    const items = Array.from({ length: SUBJECTS }, (_, index) => ({
      country: 'UY',
      doc_id: String(21_000_001 + index),
      subject_type: 'company',
    }));
    const created = await json<RiskBatch>(await batches.create(account, { items }), 201);

    // Killed once a chunk is recorded and the next one has made reports not yet recorded.
    await waitFor(
      async () => {
        const seen = await progress(created.batch_id);
        return seen.recorded >= 100 && seen.reports > seen.recorded;
      },
      120_000,
      5,
    );
    await running!.stop('SIGKILL');
    const at_crash = await progress(created.batch_id);
    expect(at_crash.status).toBe('processing');
    expect(at_crash.reports).toBeGreaterThan(at_crash.recorded);
    expect(at_crash.recorded).toBeLessThan(SUBJECTS);

    await start();
    // The progress recorded before the crash is kept: the batch resumes, it does not restart.
    const resumed = await json<RiskBatch>(await batches.get(account, created.batch_id), 200);
    expect(['processing', 'completed']).toContain(resumed.status);
    expect(resumed.processed).toBeGreaterThanOrEqual(at_crash.recorded);
    const done = await batches.finished(account, created.batch_id);
    expect(done).toMatchObject({ status: 'completed', processed: SUBJECTS, total: SUBJECTS });
    expect(done.counts.pending).toBe(0);
    expect(done.counts.failed).toBe(0);

    const { rows: reports } = await pool.query<{ reports: number; keys: number; items: number }>(
      `select count(*)::int as reports, count(distinct r.idempotency_key)::int as keys,
              count(i.position)::int as items
         from risk_reports r
         left join risk_batch_items i
           on i.batch_id = $1 and i.report_id = r.report_id::text and i.status = 'completed'
        where r.idempotency_key like $2`,
      [created.batch_id, `risk-batch:${created.batch_id}:%`],
    );
    expect(reports[0]).toEqual({
      reports: done.counts.completed,
      keys: done.counts.completed,
      items: done.counts.completed,
    });
    const { rows: events } = await pool.query<{ type: string; count: number }>(
      `select type, count(*)::int as count from risk_scoring_events.events
        where (type = 'risk-scoring.report_created' and data->>'report_id' in
                (select report_id::text from risk_reports where idempotency_key like $2))
           or (type = 'risk-scoring.batch_completed' and data->>'batch_id' = $1)
        group by type order by type`,
      [created.batch_id, `risk-batch:${created.batch_id}:%`],
    );
    expect(events).toEqual([
      { type: 'risk-scoring.batch_completed', count: 1 },
      { type: 'risk-scoring.report_created', count: done.counts.completed },
    ]);
  });
});
