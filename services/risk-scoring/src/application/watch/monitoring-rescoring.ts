import type { Pool, PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { withTransaction } from '@platform/persistence';
import { decide, evolve, type SeenScore } from '../../domain/monitoring/monitoring';
import {
  seenOf,
  type MonitoringRepository,
  type MonitoringRow,
} from '../../infrastructure/watch/monitoring.repository';
import type { BureauChange, BureauChangeHandlers } from '../bureau-port';
import type { ReportsService } from '../reports.service';
import type { RiskJobTasks } from '../risk-job-tasks';
import type { SubjectEvaluator } from '../subject-evaluator';
import { monitoringStream, publishedOf } from './monitoring.service';

const RESCORE_TASK = 'monitoring.rescore';

interface RescorePayload {
  monitoring_id: string;
  [key: string]: unknown;
}

/**
 * Rescoring of monitored subjects (decisions D10). A bureau change (or a dispute resolved in a
 * subject's favour) schedules one job per active subscription to the subject, so one failing
 * subscription is retried alone and never holds up the others. A job evaluates the subject now
 * and tells the account what changed since the score it was last told; the decider makes a
 * retried job tell nothing twice.
 */
export class MonitoringRescoring {
  constructor(
    private readonly pool: Pool,
    private readonly monitoring: MonitoringRepository,
    private readonly reports: ReportsService,
    private readonly evaluator: SubjectEvaluator,
    private readonly events: PgEventStore,
    private readonly jobs: JobQueue,
    handlers: BureauChangeHandlers,
    tasks: RiskJobTasks,
  ) {
    handlers.add('monitoring', (change) => this.onBureauChange(change));
    tasks.add({ [RESCORE_TASK]: (payload: RescorePayload) => this.rescore(payload.monitoring_id) });
  }

  async onBureauChange(change: BureauChange): Promise<void> {
    await withTransaction(this.pool, (client) =>
      this.scheduleRescoring(client, change.doc_id, change.country),
    );
  }

  /** Schedules a rescoring of every active subscription to the subject, in the caller's transaction. */
  async scheduleRescoring(
    client: PoolClient,
    doc_id: string,
    country: string | null,
  ): Promise<void> {
    for (const watcher of await this.monitoring.watchersOf(client, doc_id, country)) {
      const payload: RescorePayload = { monitoring_id: watcher.monitoring_id };
      // A pending rescoring of the subscription already covers this change.
      await this.jobs.scheduleInTransaction(client, RESCORE_TASK, payload, {
        job_key: `${RESCORE_TASK}:${watcher.monitoring_id}`,
      });
    }
  }

  async rescore(monitoring_id: string): Promise<void> {
    const row = await this.monitoring.byId(monitoring_id);
    if (!row || row.status !== 'active') return;
    const evaluated = await this.evaluate(row);
    const at = new Date();
    await withTransaction(this.pool, async (client) => {
      const locked = await this.monitoring.lock(client, monitoring_id);
      if (!locked) return;
      const state = { status: locked.status, seen: seenOf(locked) };
      const decided = decide({ type: 'observe', evaluated, at: at.toISOString() }, state);
      if (decided.length === 0) return;
      const after = decided.reduce(evolve, state);
      await this.monitoring.recordSeen(client, monitoring_id, after.seen!, at);
      const published = decided
        .map((event) => publishedOf(locked, event, at.toISOString()))
        .filter((event) => event !== null);
      if (published.length === 0) return;
      await this.events.appendInTransaction(
        client,
        monitoringStream(monitoring_id),
        published.map((event) => ({
          ...event,
          org_id: locked.org_id,
          account_id: locked.account_id,
        })),
        { expected_version: 'any' },
      );
    });
  }

  /** The subject's score now, for the purpose of the account's latest report; null: no score. */
  private async evaluate(row: MonitoringRow): Promise<SeenScore | null> {
    const report = await this.reports.subjectScore(row.account_id, row.doc_id, row.country);
    const subject = { country: row.country, doc_id: row.doc_id, subject_type: row.subject_type };
    const evaluation = await this.evaluator.evaluate(subject, report.purpose);
    return 'no_score' in evaluation ? null : { score: evaluation.score, band: evaluation.band };
  }
}
