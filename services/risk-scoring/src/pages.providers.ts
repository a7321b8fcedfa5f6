import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { RiskReportResource } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { SERVICE_POOL } from '@platform/runtime';
import { AccountIdentities } from './application/pages/account-identities';
import { OwnReports, type ReportBook } from './application/pages/own-reports';
import { Seals } from './application/pages/seals';
import { ReportsService } from './application/reports.service';
import { OwnReportsRepository } from './infrastructure/pages/own-reports.repository';
import { SealsRepository } from './infrastructure/pages/seals.repository';
import { ReportStore, reportResource } from './infrastructure/reports.repository';
import { PagesMessages } from './messages/pages.messages';

/** Own reports are made and read through core's reports: the scorecard and its store. */
function reportBook(reports: ReportsService, store: ReportStore): ReportBook<RiskReportResource> {
  return {
    create: async (input) =>
      reportResource(
        await reports.create({
          account_id: input.account_id,
          org_id: input.org_id,
          subject: input.subject as Parameters<ReportsService['create']>[0]['subject'],
          purpose: 'other',
          idempotency_key: input.idempotency_key,
          // `own-report:` is reserved: no client's report can take (or pose as) an own report.
          key_origin: 'platform',
          own_subject: true,
        }),
      ),
    get: async (account_id, report_id) => {
      const stored = await store.get(account_id, report_id);
      return stored ? reportResource(stored) : null;
    },
  };
}

/** Report PDFs, the own report and company seals (issue 16, pages). */
export const pagesProviders: Provider[] = [
  {
    provide: AccountIdentities,
    inject: [BusClient],
    useFactory: (bus: BusClient) => new AccountIdentities(bus),
  },
  {
    provide: OwnReportsRepository,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new OwnReportsRepository(pool),
  },
  {
    provide: SealsRepository,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new SealsRepository(pool),
  },
  {
    provide: OwnReports,
    inject: [OwnReportsRepository, ReportsService, ReportStore, AccountIdentities],
    useFactory: (
      own: OwnReportsRepository,
      reports: ReportsService,
      store: ReportStore,
      identities: AccountIdentities,
    ) => new OwnReports(own, reportBook(reports, store), identities),
  },
  {
    provide: Seals,
    inject: [SERVICE_POOL, SealsRepository, OwnReports, AccountIdentities],
    useFactory: (
      pool: Pool,
      seals: SealsRepository,
      own_reports: OwnReports<RiskReportResource>,
      identities: AccountIdentities,
    ) => new Seals(pool, seals, own_reports, identities),
  },
];

export const pagesControllers: Type[] = [PagesMessages];
