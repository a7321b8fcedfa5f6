import type { CreditReportDocument, FactorTone, ScoreBandSegment } from '@platform/documents';
import type { PlatformLocale } from '@platform/contracts';
import { factorText } from './factor-labels';
import { REPORT_PDF_LABELS } from './report-pdf-labels';

/** What a credit report PDF shows of a stored report. */
export interface ReportForPdf {
  report_id: string;
  subject: { country: string; doc_id: string; subject_type: string };
  purpose: string;
  score: number | null;
  band: string | null;
  factors: readonly { code: string; impact: number | string; description: string }[];
  evaluated_at: string;
}

const PLATFORM_NAME = 'Payments Platform';

/** `2026-11-25T09:30:12.345Z` as `2026-11-25 09:30 UTC`. */
const utc = (instant: string) => `${instant.slice(0, 16).replace('T', ' ')} UTC`;

function toneOf(impact: number): FactorTone {
  return impact > 0 ? 'positive' : impact < 0 ? 'negative' : 'neutral';
}

/**
 * A report in the reader's language, ready for `renderCreditReportPdf`: `bands` is the scale
 * the scoring model uses (lowest first), `own` titles the account's own report.
 */
export function creditReportDocument(
  report: ReportForPdf,
  options: {
    locale: PlatformLocale;
    bands: readonly ScoreBandSegment[];
    issued_at: string;
    own?: boolean;
  },
): CreditReportDocument {
  const labels = REPORT_PDF_LABELS[options.locale];
  const title = options.own ? labels.own_title : labels.title;
  const band_name = report.band ? (labels.bands[report.band] ?? report.band) : '';
  const { subject } = report;
  return {
    locale: options.locale,
    document_title: `${title} ${report.report_id}`,
    platform_name: PLATFORM_NAME,
    title,
    subtitle: `${labels.issued}: ${utc(options.issued_at)}`,
    score: {
      label: labels.score,
      value: report.score,
      missing_text: labels.no_score,
      band: report.band,
      band_text: `${labels.band} ${report.band ?? ''} · ${band_name}`,
      scale_min: options.bands[0]?.from ?? 300,
      scale_max: options.bands.at(-1)?.to ?? 850,
      bands: options.bands,
    },
    rows: [
      [labels.report_id, report.report_id],
      [labels.subject, labels.subject_types[subject.subject_type] ?? subject.subject_type],
      [labels.country, subject.country],
      [labels.doc_id, subject.doc_id],
      [labels.purpose, labels.purposes[report.purpose] ?? report.purpose],
      [labels.evaluated_at, utc(report.evaluated_at)],
    ],
    factors_title: labels.factors,
    factors: report.factors.map((factor) => {
      const impact = Number(factor.impact);
      const text = factorText(options.locale, factor.code, factor.description);
      return {
        title: text.title,
        impact_text: `${impact > 0 ? '+' : ''}${impact} ${labels.points}`,
        tone: toneOf(impact),
        explanation: text.explanation,
      };
    }),
    no_factors_text: labels.no_factors,
    disclaimer_title: labels.disclaimer_title,
    disclaimer: labels.disclaimer,
    footer: labels.footer,
  };
}
