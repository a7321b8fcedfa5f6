import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import {
  DomainError,
  type ListMonitoringCommand,
  type MonitoringSubjectCommand,
  type StartMonitoringCommand,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import {
  decide,
  type MonitoringEvent,
  type MonitoringState,
  type SeenScore,
} from '../../domain/monitoring/monitoring';
import {
  monitoringResource,
  seenOf,
  type MonitoringRepository,
  type MonitoringRow,
} from '../../infrastructure/watch/monitoring.repository';
import type { ReportsService } from '../reports.service';
import { latestReportOf, subjectFieldsOf, subjectKeyOf } from './reported-subject';

export const monitoringStream = (monitoring_id: string): string =>
  `risk-monitoring-${monitoring_id}`;

function stateOf(row: MonitoringRow | null): MonitoringState | null {
  return row === null ? null : { status: row.status, seen: seenOf(row) };
}

/**
 * Monitoring subscriptions (decisions D10): an account watches a subject it has reported,
 * starting from that report's score. `PUT` twice answers the one subscription.
 */
export class MonitoringService {
  constructor(
    private readonly pool: Pool,
    private readonly monitoring: MonitoringRepository,
    private readonly reports: ReportsService,
  ) {}

  async start(command: StartMonitoringCommand) {
    const key = subjectKeyOf(command.country, command.doc_id);
    const report = await latestReportOf(this.reports, command.account_id, key);
    const current: SeenScore = {
      score: report.evaluation.score,
      band: report.evaluation.band,
    };
    const existing = await this.monitoring.active(
      this.pool,
      command.account_id,
      key.country,
      key.doc_id,
    );
    const at = new Date();
    if (decide({ type: 'start', current, at: at.toISOString() }, stateOf(existing)).length === 0)
      return { monitoring: monitoringResource(existing!), created: false };
    return withTransaction(this.pool, async (client) => {
      const inserted = await this.monitoring.insert(client, {
        monitoring_id: randomUUID(),
        account_id: command.account_id,
        org_id: command.org_id,
        ...report.subject,
        status: 'active',
        score: current.score,
        band: current.band,
        score_updated_at: report.evaluated_at,
        created_at: at,
      });
      if (inserted) return { monitoring: monitoringResource(inserted), created: true };
      // A concurrent start of the same subscription won: answer it.
      const winner = await this.requireActive(client, command);
      return { monitoring: monitoringResource(winner), created: false };
    });
  }

  async get(command: MonitoringSubjectCommand) {
    return monitoringResource(await this.requireActive(this.pool, command));
  }

  async stop(command: MonitoringSubjectCommand) {
    return withTransaction(this.pool, async (client) => {
      const row = await this.requireActive(client, command, true);
      decide({ type: 'stop', at: new Date().toISOString() }, stateOf(row));
      await this.monitoring.stop(client, row.monitoring_id);
      return { monitoring_id: row.monitoring_id, deleted: true as const };
    });
  }

  async list(command: ListMonitoringCommand) {
    const rows = await this.monitoring.list(command.account_id, command.limit, command.offset);
    return { monitoring: rows.map(monitoringResource) };
  }

  private async requireActive(
    db: Pool | PoolClient,
    command: MonitoringSubjectCommand,
    lock = false,
  ): Promise<MonitoringRow> {
    const key = subjectKeyOf(command.country, command.doc_id);
    const row = await this.monitoring.active(db, command.account_id, key.country, key.doc_id, lock);
    if (!row) throw new DomainError('not_found', 'the account does not monitor this subject');
    return row;
  }
}

/** What a monitoring event publishes, if anything (a silent first score publishes nothing). */
export function publishedOf(row: MonitoringRow, event: MonitoringEvent, evaluated_at: string) {
  if (event.type !== 'score_changed' && event.type !== 'alert_raised') return null;
  const data = {
    monitoring_id: row.monitoring_id,
    account_id: row.account_id,
    ...subjectFieldsOf(row),
    previous_score: event.previous.score,
    score: event.current.score,
    previous_band: event.previous.band,
    band: event.current.band,
    evaluated_at,
  };
  return event.type === 'score_changed'
    ? { type: 'risk-scoring.score_changed' as const, data }
    : {
        type: 'risk-scoring.monitoring_alert_raised' as const,
        data: { ...data, alert: 'band_changed' as const, direction: event.direction },
      };
}

export type { PgEventStore };
