import { renderCreditReportPdf, type ScoreBandSegment } from '@platform/documents';
import type { PlatformLocale, RiskReportResource } from '@platform/contracts';
import { BAND_FLOORS, MAX_SCORE } from '../../domain/scoring/bands';
import { creditReportDocument } from './report-document';

/** The scorecard's bands as gauge segments, lowest first (from the model's own floors). */
export function scoreScale(): ScoreBandSegment[] {
  const ascending = [...BAND_FLOORS].sort((a, b) => a.min_score - b.min_score);
  return ascending.map((floor, index) => ({
    band: floor.band,
    from: floor.min_score,
    to: (ascending[index + 1]?.min_score ?? MAX_SCORE + 1) - 1,
  }));
}

/** A report as a PDF in the reader's language, named after the report. */
export async function reportPdf(
  report: RiskReportResource,
  locale: PlatformLocale,
  options: { own?: boolean; now?: Date } = {},
): Promise<{ filename: string; pdf_base64: string }> {
  const document = creditReportDocument(report, {
    locale,
    bands: scoreScale(),
    issued_at: (options.now ?? new Date()).toISOString(),
    own: options.own ?? false,
  });
  const pdf = await renderCreditReportPdf(document);
  return { filename: `credit-report-${report.report_id}.pdf`, pdf_base64: pdf.toString('base64') };
}
