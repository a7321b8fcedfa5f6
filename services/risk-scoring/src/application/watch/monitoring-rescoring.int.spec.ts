import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { waitFor } from '@platform/testing';
import { BureauChangeHandlers } from '../bureau-port';
import { ReportsService } from '../reports.service';
import { RiskJobTasks } from '../risk-job-tasks';
import { SubjectEvaluator } from '../subject-evaluator';
import { ConsentStore } from '../../infrastructure/consents.repository';
import { PaymentHistoryStore } from '../../infrastructure/payment-history.repository';
import { ReportStore } from '../../infrastructure/reports.repository';
import { openRiskScoringEventStore } from '../../infrastructure/risk-events';
import { openRiskJobs } from '../../infrastructure/risk-jobs';
import { SandboxBureau } from '../../infrastructure/sandbox-bureau';
import { MonitoringRepository } from '../../infrastructure/watch/monitoring.repository';
import { ScoreIndexRepository } from '../../infrastructure/watch/score-index.repository';
import { MonitoringRescoring } from './monitoring-rescoring';
import { MonitoringService } from './monitoring.service';

const SCHEMA = 'risk_scoring';
const SUBJECT = { country: 'AR', doc_id: '30700000016', subject_type: 'company' as const };

/**
 * Rescoring of monitored subjects on a real PostgreSQL and the service's real job queue: one job
 * per subscription, a retried job tells nothing twice, a failing subscription holds up no other.
 */
describe('MonitoringRescoring', () => {
  let database: TestDatabase;
  let pool: Pool;
  let events: PgEventStore;
  let jobs: JobQueue;
  let bureau: SandboxBureau;
  let monitoring: MonitoringService;
  let rescoring: MonitoringRescoring;

  beforeAll(async () => {
    database = await createTestDatabase('risk_watch');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 6 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    events = await openRiskScoringEventStore(pool, 'test');
    jobs = await openRiskJobs(pool, new DeadLetters(pool, SCHEMA));
    bureau = new SandboxBureau(pool);
    const reports = new ReportsService(
      pool,
      new ReportStore(pool),
      new ConsentStore(pool),
      new SubjectEvaluator(bureau, new PaymentHistoryStore(pool)),
      null as never,
      events,
    );
    const repository = new MonitoringRepository(pool);
    const tasks = new RiskJobTasks();
    const handlers = new BureauChangeHandlers();
    monitoring = new MonitoringService(pool, repository, reports);
    rescoring = new MonitoringRescoring(
      pool,
      repository,
      reports,
      new SubjectEvaluator(bureau, new PaymentHistoryStore(pool)),
      events,
      jobs,
      handlers,
      tasks,
    );
    await jobs.start(tasks.seal());
  });
  afterAll(async () => {
    await jobs.stop();
    await pool.end();
    await database.drop();
  });

  async function setScore(score: number) {
    const client = await pool.connect();
    try {
      await bureau.setScore(client, SUBJECT.doc_id, SUBJECT.country, score);
    } finally {
      client.release();
    }
  }

  /** A report of the subject by the account, as core stores it, then a subscription from it. */
  async function watcher(account_id: string, score: number) {
    await pool.query(
      `insert into risk_reports (report_id, account_id, org_id, subject_id, country, doc_id,
         subject_type, purpose, score, band, factors, evaluated_at)
       values ($1, $2, 'org', 'AR-30700000016', 'AR', $3, 'company', 'supplier_onboarding', $4,
         'B', '[]', now())`,
      [randomUUID(), account_id, SUBJECT.doc_id, score],
    );
    const started = await monitoring.start({
      account_id,
      org_id: 'org',
      country: 'ar',
      doc_id: SUBJECT.doc_id,
    });
    return started.monitoring.monitoring_id;
  }

  const changesOf = async (monitoring_id: string) => {
    const { rows } = await pool.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from risk_scoring_events.events where stream = $1 order by position`,
      [`risk-monitoring-${monitoring_id}`],
    );
    return rows;
  };

  it('tells a change once, however often the job runs', async () => {
    const monitoring_id = await watcher('acc-once', 700);
    await setScore(760);
    await rescoring.rescore(monitoring_id);
    await rescoring.rescore(monitoring_id);
    const told = await changesOf(monitoring_id);
    expect(told.map((event) => event.type)).toEqual([
      'risk-scoring.score_changed',
      'risk-scoring.monitoring_alert_raised',
    ]);
    expect(told[1].data).toMatchObject({ previous_score: 700, score: 760, direction: 'improved' });
  });

  it('rescores every subscription through the queue; a failing one holds up no other', async () => {
    const healthy = await watcher('acc-healthy', 700);
    const broken = await watcher('acc-broken', 700);
    // The broken subscription's account has no report any more: its rescoring job fails.
    await pool.query(`delete from risk_reports where account_id = 'acc-broken'`);
    await setScore(600);
    await rescoring.onBureauChange({ doc_id: SUBJECT.doc_id, country: null, score: 600 });
    await waitFor(async () => (await changesOf(healthy)).some((event) => event.data.score === 600));
    const told = await changesOf(healthy);
    expect(told.at(-1)?.type).toBe('risk-scoring.monitoring_alert_raised');
    expect(await changesOf(broken)).toEqual([]);
  });

  it("reads the account's own score from its latest own report", async () => {
    const index = new ScoreIndexRepository(pool);
    expect(await index.ownScore('acc-once')).toBeNull();
    // One own report of the account, as POST /v1/qscore/my-report records it.
    const { rows } = await pool.query<{ report_id: string }>(
      `select report_id::text from risk_reports where account_id = 'acc-once'`,
    );
    await pool.query(`insert into own_reports values ('acc-once', 1, $1)`, [rows[0].report_id]);
    expect(await index.ownScore('acc-once')).toEqual({
      score: 700,
      band: 'B',
      evaluated_at: expect.any(String),
    });
    expect(await index.ownScore('acc-healthy')).toBeNull();
  });
});
