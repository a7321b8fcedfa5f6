import { DomainError } from '@platform/contracts';
import type {
  OwnReportRow,
  OwnReportsRepository,
} from '../../infrastructure/pages/own-reports.repository';
import type { AccountIdentities } from './account-identities';
import { OwnReports, type ReportBook } from './own-reports';
import type { ReportForPdf } from './report-document';

const report: ReportForPdf = {
  report_id: 'r-own-1',
  subject: { country: 'AR', doc_id: '20333333334', subject_type: 'person' },
  purpose: 'other',
  score: 712,
  band: 'B',
  factors: [],
  evaluated_at: '2026-11-25T09:30:12.345Z',
};

/** Own reports over an account's recorded rows; reading them needs neither bureau nor identity. */
function ownReports(rows: OwnReportRow[]) {
  const own = {
    latest: async (account_id: string) =>
      rows.filter((row) => row.account_id === account_id).at(-1) ?? null,
  } as unknown as OwnReportsRepository;
  const book: ReportBook<ReportForPdf> = {
    create: () => Promise.reject(new Error('reading never makes a report')),
    get: async (_account_id, report_id) => (report_id === report.report_id ? report : null),
  };
  return new OwnReports(own, book, {} as AccountIdentities);
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'none',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe('own reports', () => {
  it('has nothing to read or draw before the first: not_found, and pdf_not_ready', async () => {
    const reports = ownReports([]);
    expect(await reports.latest('acc-1')).toBeNull();
    expect(await codeOf(reports.current('acc-1'))).toBe('not_found');
    expect(await codeOf(reports.toDraw('acc-1'))).toBe('pdf_not_ready');
  });

  it('reads and draws the latest own report once there is one', async () => {
    const reports = ownReports([
      { account_id: 'acc-1', sequence: 1, report_id: report.report_id, created_at: new Date() },
    ]);
    expect(await reports.current('acc-1')).toBe(report);
    expect(await reports.toDraw('acc-1')).toBe(report);
    // Another account's report is not this one's.
    expect(await codeOf(reports.toDraw('acc-2'))).toBe('pdf_not_ready');
  });
});
