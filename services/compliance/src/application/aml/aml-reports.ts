import { renderReceiptPdf, type ReceiptTone } from '@platform/documents';
import type { AmlScreeningResource, GetAmlReportCommand } from '@platform/contracts';
import type { ScreeningStatus } from '../../domain/aml/screening-decision';
import { AML_REPORT_LABELS } from './aml-report-labels';
import type { AmlScreenings } from './aml-screenings';

const PLATFORM_NAME = 'Payments Platform';

const TONES: Record<ScreeningStatus, ReceiptTone> = {
  clear: 'success',
  potential_match: 'pending',
  match: 'failure',
};

const utc = (instant: string) => instant.replace('T', ' ').replace(/\.\d+Z$/, '');

/** A screening's report PDF in the reader's language (another account's: `not_found`). */
export class AmlReports {
  constructor(private readonly screenings: AmlScreenings) {}

  async render(command: GetAmlReportCommand): Promise<{ filename: string; pdf_base64: string }> {
    const screening = await this.screenings.get(command.account_id, command.screening_id);
    const pdf = await renderReport(screening, command.locale);
    return {
      filename: `aml-screening-${screening.screening_id}.pdf`,
      pdf_base64: pdf.toString('base64'),
    };
  }
}

export function renderReport(
  screening: AmlScreeningResource,
  locale: GetAmlReportCommand['locale'],
): Promise<Buffer> {
  const labels = AML_REPORT_LABELS[locale];
  const { subject } = screening;
  const matches: [string, string][] =
    screening.matches.length === 0
      ? [[labels.match, labels.no_matches]]
      : screening.matches.map((match, index) => [
          `${labels.match} ${index + 1}`,
          `${match.name} · ${match.list} · ${labels.score} ${match.score.toFixed(3)} · ${match.reasons.join(', ')}`,
        ]);
  return renderReceiptPdf({
    locale,
    document_title: `${labels.title} ${screening.screening_id}`,
    platform_name: PLATFORM_NAME,
    issuer_line: `${labels.issued_by}: ${PLATFORM_NAME}`,
    title: labels.title,
    status: { text: labels.statuses[screening.status], tone: TONES[screening.status] },
    rows: [
      [labels.screening_id, screening.screening_id],
      [labels.date, utc(screening.created_at)],
      [labels.updated, utc(screening.updated_at)],
      [labels.subject_type, labels.subject_types[subject.type]],
      [labels.name, subject.name],
      [labels.country, subject.country],
      [labels.doc_id, subject.doc_id ?? '—'],
      [labels.birth_date, subject.birth_date ?? '—'],
      [labels.monitoring, labels.yes_no[screening.monitoring ? 0 : 1]],
      ...matches,
    ],
    footer: labels.footer,
  });
}
