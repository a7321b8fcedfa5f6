import { Controller } from '@nestjs/common';
import {
  RISK_PAGES_COMMANDS,
  type MyReportCommand,
  type MyReportPdfCommand,
  type MySealCommand,
  type ReportPdfCommand,
  type RiskReportResource,
  type VerifySealQuery,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { reportResource } from '../infrastructure/reports.repository';
import { ReportsService } from '../application/reports.service';
import { OwnReports } from '../application/pages/own-reports';
import { reportPdf } from '../application/pages/report-pdfs';
import { Seals } from '../application/pages/seals';

/** What a person sees of credit scoring: report PDFs, the own report, company seals. */
@Controller()
export class PagesMessages {
  constructor(
    private readonly reports: ReportsService,
    private readonly own_reports: OwnReports<RiskReportResource>,
    private readonly seals: Seals,
  ) {}

  @Handles(RISK_PAGES_COMMANDS.report_pdf)
  async reportPdf(command: ReportPdfCommand) {
    const report = await this.reports.get(command.account_id, command.report_id);
    return reportPdf(reportResource(report), command.locale);
  }

  @Handles(RISK_PAGES_COMMANDS.create_my_report)
  createMyReport(command: MyReportCommand) {
    return this.own_reports.create(command);
  }

  @Handles(RISK_PAGES_COMMANDS.get_my_report)
  myReport(command: MyReportCommand) {
    return this.own_reports.current(command.account_id);
  }

  @Handles(RISK_PAGES_COMMANDS.my_report_pdf)
  async myReportPdf(command: MyReportPdfCommand) {
    const report = await this.own_reports.toDraw(command.account_id);
    return reportPdf(report, command.locale, { own: true });
  }

  @Handles(RISK_PAGES_COMMANDS.create_my_seal)
  createMySeal(command: MySealCommand) {
    return this.seals.create(command);
  }

  @Handles(RISK_PAGES_COMMANDS.get_my_seal)
  mySeal(command: MySealCommand) {
    return this.seals.get(command);
  }

  @Handles(RISK_PAGES_COMMANDS.revoke_my_seal)
  revokeMySeal(command: MySealCommand) {
    return this.seals.revoke(command);
  }

  @Handles(RISK_PAGES_COMMANDS.verify_seal)
  verifySeal(query: VerifySealQuery) {
    return this.seals.verify(query.code);
  }
}
