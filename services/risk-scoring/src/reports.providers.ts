import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { SERVICE_POOL } from '@platform/runtime';
import { AccountStanding } from './application/account-standing';
import { ReportsService } from './application/reports.service';
import { SubjectEvaluator } from './application/subject-evaluator';
import { ConsentStore } from './infrastructure/consents.repository';
import { ReportStore } from './infrastructure/reports.repository';
import { RISK_SCORING_EVENTS } from './infrastructure/risk-events';
import { ReportsMessages } from './messages/reports.messages';

/** Credit reports and the subject score (decisions D10). */
export const reportProviders: Provider[] = [
  {
    provide: ReportStore,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new ReportStore(pool),
  },
  {
    provide: ReportsService,
    inject: [
      SERVICE_POOL,
      ReportStore,
      ConsentStore,
      SubjectEvaluator,
      AccountStanding,
      RISK_SCORING_EVENTS,
    ],
    useFactory: (
      pool: Pool,
      reports: ReportStore,
      consents: ConsentStore,
      evaluator: SubjectEvaluator,
      standing: AccountStanding,
      events: PgEventStore,
    ) => new ReportsService(pool, reports, consents, evaluator, standing, events),
  },
];

export const reportControllers: Type[] = [ReportsMessages];
