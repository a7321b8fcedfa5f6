import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { SERVICE_POOL } from '@platform/runtime';
import { BUREAU_CHANGE_HANDLERS, type BureauChangeHandlers } from './application/bureau-port';
import { ReportsService } from './application/reports.service';
import { RISK_JOB_TASKS, type RiskJobTasks } from './application/risk-job-tasks';
import { FACTOR_CORRECTIONS, SubjectEvaluator } from './application/subject-evaluator';
import { CreditDisputesService } from './application/watch/credit-disputes.service';
import { FraudReportsService } from './application/watch/fraud-reports.service';
import { MonitoringRescoring } from './application/watch/monitoring-rescoring';
import { MonitoringService } from './application/watch/monitoring.service';
import { ScoreIndexService } from './application/watch/score-index.service';
import { RISK_SCORING_EVENTS } from './infrastructure/risk-events';
import { RISK_JOBS } from './infrastructure/risk-jobs';
import { CreditDisputesRepository } from './infrastructure/watch/credit-disputes.repository';
import { FraudReportsRepository } from './infrastructure/watch/fraud-reports.repository';
import { MonitoringRepository } from './infrastructure/watch/monitoring.repository';
import { ScoreIndexRepository } from './infrastructure/watch/score-index.repository';
import { WatchMessages } from './messages/watch.messages';

const repository = <T>(type: new (pool: Pool) => T): Provider => ({
  provide: type,
  inject: [SERVICE_POOL],
  useFactory: (pool: Pool) => new type(pool),
});

/** Monitoring, disputes, fraud reports and the index (decisions D10). */
export const watchProviders: Provider[] = [
  repository(MonitoringRepository),
  repository(CreditDisputesRepository),
  repository(FraudReportsRepository),
  repository(ScoreIndexRepository),
  // Resolved disputes correct the evaluator's factors (core's SubjectEvaluator asks for them).
  { provide: FACTOR_CORRECTIONS, useExisting: CreditDisputesRepository },
  {
    provide: MonitoringService,
    inject: [SERVICE_POOL, MonitoringRepository, ReportsService],
    useFactory: (pool: Pool, monitoring: MonitoringRepository, reports: ReportsService) =>
      new MonitoringService(pool, monitoring, reports),
  },
  {
    provide: MonitoringRescoring,
    inject: [
      SERVICE_POOL,
      MonitoringRepository,
      ReportsService,
      SubjectEvaluator,
      RISK_SCORING_EVENTS,
      RISK_JOBS,
      BUREAU_CHANGE_HANDLERS,
      RISK_JOB_TASKS,
    ],
    useFactory: (
      pool: Pool,
      monitoring: MonitoringRepository,
      reports: ReportsService,
      evaluator: SubjectEvaluator,
      events: PgEventStore,
      jobs: JobQueue,
      handlers: BureauChangeHandlers,
      tasks: RiskJobTasks,
    ) =>
      new MonitoringRescoring(pool, monitoring, reports, evaluator, events, jobs, handlers, tasks),
  },
  {
    provide: CreditDisputesService,
    inject: [
      SERVICE_POOL,
      CreditDisputesRepository,
      ReportsService,
      MonitoringRescoring,
      RISK_SCORING_EVENTS,
    ],
    useFactory: (
      pool: Pool,
      disputes: CreditDisputesRepository,
      reports: ReportsService,
      rescoring: MonitoringRescoring,
      events: PgEventStore,
    ) => new CreditDisputesService(pool, disputes, reports, rescoring, events),
  },
  {
    provide: FraudReportsService,
    inject: [SERVICE_POOL, FraudReportsRepository, RISK_SCORING_EVENTS],
    useFactory: (pool: Pool, reports: FraudReportsRepository, events: PgEventStore) =>
      new FraudReportsService(pool, reports, events),
  },
  {
    provide: ScoreIndexService,
    inject: [
      ScoreIndexRepository,
      MonitoringRepository,
      CreditDisputesRepository,
      FraudReportsRepository,
    ],
    useFactory: (
      index: ScoreIndexRepository,
      monitoring: MonitoringRepository,
      disputes: CreditDisputesRepository,
      fraud: FraudReportsRepository,
    ) => new ScoreIndexService(index, monitoring, disputes, fraud, index),
  },
];

export const watchControllers: Type[] = [WatchMessages];
