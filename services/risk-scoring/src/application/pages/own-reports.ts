import { DomainError, type MyReportCommand } from '@platform/contracts';
import {
  confirmClaimedIdentity,
  ownReportDue,
  ownSubjectOf,
} from '../../domain/pages/own-report-rules';
import type { OwnReportsRepository } from '../../infrastructure/pages/own-reports.repository';
import type { AccountIdentities } from './account-identities';
import type { ReportForPdf } from './report-document';

/** The purpose an own report is filed under: the account reads its own standing. */
export const OWN_REPORT_PURPOSE = 'other';

/** The reports core keeps: made through the scoring model, read by account. */
export interface ReportBook<Report extends ReportForPdf> {
  create(input: {
    account_id: string;
    org_id: string;
    subject: { country: string; doc_id: string; subject_type: string };
    purpose: string;
    idempotency_key: string;
  }): Promise<Report>;
  get(account_id: string, report_id: string): Promise<Report | null>;
}

/** A subject the scoring model refuses is not a usable tax id of the account's own. */
const SUBJECT_ERRORS = new Set(['invalid_doc_id', 'invalid_country', 'invalid_subject_type']);

/** The account's own report (decisions D10): free, new at most every 30 days. */
export class OwnReports<Report extends ReportForPdf = ReportForPdf> {
  constructor(
    private readonly own: OwnReportsRepository,
    private readonly book: ReportBook<Report>,
    private readonly identities: AccountIdentities,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * A new own report when 30 days have passed since the last (`created`), else the last one.
   * The n-th own report is made under the key `own-report:<account>:<n>`: two requests at once,
   * or a retry after a crash, find the same report, and only one records it as made.
   */
  async create(command: MyReportCommand): Promise<{ created: boolean; report: Report }> {
    const subject = ownSubjectOf(await this.identities.of(command.account_id));
    confirmClaimedIdentity(subject, command);
    const last = await this.own.latest(command.account_id);
    if (last && !ownReportDue(last.created_at, this.clock()))
      return { created: false, report: await this.read(command.account_id, last.report_id) };
    const sequence = (last?.sequence ?? 0) + 1;
    const report = await this.book
      .create({
        account_id: command.account_id,
        org_id: command.org_id,
        subject,
        purpose: OWN_REPORT_PURPOSE,
        idempotency_key: `own-report:${command.account_id}:${sequence}`,
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError && SUBJECT_ERRORS.has(error.code))
          throw new DomainError(
            'no_tax_id',
            `the verified tax id is not a valid document id of its country: ${error.message}`,
          );
        throw error;
      });
    const created = await this.own.insert({
      account_id: command.account_id,
      sequence,
      report_id: report.report_id,
    });
    return { created, report };
  }

  /** The latest own report, or null when the account never asked for one. */
  async latest(account_id: string): Promise<Report | null> {
    const last = await this.own.latest(account_id);
    return last ? this.read(account_id, last.report_id) : null;
  }

  /** The latest own report, or 404 `not_found`. */
  async current(account_id: string): Promise<Report> {
    const report = await this.latest(account_id);
    if (!report) throw new DomainError('not_found', 'no own report yet: POST /v1/qscore/my-report');
    return report;
  }

  /**
   * The latest own report to draw as a PDF, or 404 `pdf_not_ready` (spec §7): the PDF is drawn
   * from a report, and there is none to draw before the first `POST /v1/qscore/my-report`.
   */
  async toDraw(account_id: string): Promise<Report> {
    const report = await this.latest(account_id);
    if (!report)
      throw new DomainError(
        'pdf_not_ready',
        'no own report to draw yet: POST /v1/qscore/my-report makes one',
      );
    return report;
  }

  private async read(account_id: string, report_id: string): Promise<Report> {
    const report = await this.book.get(account_id, report_id);
    if (!report) throw new Error(`own report ${report_id} is missing from the report store`);
    return report;
  }
}
