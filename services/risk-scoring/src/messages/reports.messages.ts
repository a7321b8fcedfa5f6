import { Controller } from '@nestjs/common';
import { RISK_SCORING_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { ReportsService } from '../application/reports.service';
import { parsePurpose } from '../domain/subjects/purpose';
import { requireSubject } from '../domain/subjects/subject';
import { reportResource, subjectScoreOf } from '../infrastructure/reports.repository';

type Request<K extends keyof typeof RISK_SCORING_COMMANDS> = CommandRequest<
  (typeof RISK_SCORING_COMMANDS)[K]
>;

/** Credit reports' commands (decisions D10). */
@Controller()
export class ReportsMessages {
  constructor(private readonly reports: ReportsService) {}

  @Handles(RISK_SCORING_COMMANDS.create_report)
  async create(command: Request<'create_report'>) {
    const subject = requireSubject(command);
    const purpose = parsePurpose(command.purpose);
    const report = await this.reports.create({
      account_id: command.account_id,
      org_id: command.org_id,
      subject,
      purpose,
      consent_id: command.consent_id ?? null,
      idempotency_key: command.idempotency_key,
    });
    return reportResource(report);
  }

  @Handles(RISK_SCORING_COMMANDS.list_reports)
  async list(command: Request<'list_reports'>) {
    const rows = await this.reports.list(command.account_id, command.limit, command.offset);
    return { reports: rows.map(reportResource) };
  }

  @Handles(RISK_SCORING_COMMANDS.get_report)
  async get(command: Request<'get_report'>) {
    return reportResource(await this.reports.get(command.account_id, command.report_id));
  }

  @Handles(RISK_SCORING_COMMANDS.get_subject_score)
  async subjectScore(command: Request<'get_subject_score'>) {
    const report = await this.reports.subjectScore(
      command.account_id,
      command.doc_id,
      command.country ?? null,
    );
    return subjectScoreOf(report);
  }
}
