import path from 'node:path';
import type { Pool } from 'pg';
import type { JobQueue } from '@platform/jobs';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { openRiskJobs } from '../infrastructure/risk-jobs';
import { SandboxBureau } from '../infrastructure/sandbox-bureau';
import { BureauChanges } from './bureau-changes';
import { BureauChangeHandlers, type BureauChange } from './bureau-port';
import { RiskJobTasks } from './risk-job-tasks';

const SCHEMA = 'risk_scoring';

/** Sandbox bureau overrides and the durable run of every BUREAU_CHANGE_HANDLERS handler. */
describe('bureau changes on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  let jobs: JobQueue;
  let changes: BureauChanges;
  let bureau: SandboxBureau;
  const seen: Array<[string, BureauChange]> = [];
  let failures_left = 2;

  beforeAll(async () => {
    database = await createTestDatabase('risk_bureau');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 8 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    jobs = await openRiskJobs(pool, new DeadLetters(pool, SCHEMA));
    const tasks = new RiskJobTasks();
    const handlers = new BureauChangeHandlers();
    handlers.add('steady', async (change) => {
      seen.push(['steady', change]);
    });
    // A handler that fails twice is retried alone; the other runs once.
    handlers.add('flaky', async (change) => {
      if (failures_left-- > 0) throw new Error('not yet');
      seen.push(['flaky', change]);
    });
    bureau = new SandboxBureau(pool);
    changes = new BureauChanges(pool, bureau, jobs, handlers, 'test', tasks);
    await jobs.start(tasks.seal());
  });
  afterAll(async () => {
    await jobs.stop();
    await pool.end();
    await database.drop();
  });

  it('sets the score of a document id and runs each handler once after the commit', async () => {
    const subject = { country: 'AR', doc_id: '30500010912', subject_type: 'company' as const };
    const answered = await changes.setSandboxScore({ doc_id: '30-50001091-2', score: 640 });
    expect(answered).toMatchObject({ doc_id: '30500010912', country: null, score: 640 });
    expect(await bureau.lookup(subject)).toMatchObject({ score: 640, delinquencies_12m: 0 });
    // A country's own score wins over the every-country one.
    await changes.setSandboxScore({ doc_id: '30500010912', country: 'ar', score: 700 });
    expect(await bureau.lookup(subject)).toMatchObject({ score: 700 });

    const change = { doc_id: '30500010912', country: null, score: 640 };
    for (let attempt = 0; attempt < 600; attempt++) {
      if (seen.filter(([name]) => name === 'flaky').length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Once each; the two jobs may run side by side, so in either order.
    const steady = seen.filter(([name]) => name === 'steady').map(([, seen_change]) => seen_change);
    expect(steady.sort((left, right) => left.score - right.score)).toEqual([
      change,
      { ...change, country: 'AR', score: 700 },
    ]);
    expect(seen.filter(([name]) => name === 'flaky')).toHaveLength(2);
  });

  it('refuses a live environment and a malformed document id', async () => {
    const tasks = new RiskJobTasks();
    const live = new BureauChanges(pool, bureau, jobs, new BureauChangeHandlers(), 'live', tasks);
    await expect(live.setSandboxScore({ doc_id: '30500010912', score: 500 })).rejects.toMatchObject(
      {
        code: 'not_found',
      },
    );
    await expect(changes.setSandboxScore({ doc_id: '1$', score: 500 })).rejects.toMatchObject({
      code: 'invalid_doc_id',
    });
  });
});
