import { loadPdfKit } from './document-libraries';
import { documentFonts } from './fonts';

/** Whether a factor raised the score, lowered it, or left it. */
export type FactorTone = 'positive' | 'negative' | 'neutral';

/** One band of the score scale, drawn as a segment of the gauge (lowest first). */
export interface ScoreBandSegment {
  band: string;
  /** Inclusive bounds on the score scale. */
  from: number;
  to: number;
}

/** A credit report already in its reader's language: the renderer only lays it out. */
export interface CreditReportDocument {
  /** en, es or zh: picks the fonts that can draw it. */
  locale: string;
  /** The PDF's Title metadata. */
  document_title: string;
  platform_name: string;
  title: string;
  /** Under the title: "Issued ...". */
  subtitle: string;
  score: {
    label: string;
    /** null when the subject has no score; `missing_text` stands in. */
    value: number | null;
    missing_text: string;
    band: string | null;
    /** "Band B · Good" */
    band_text: string;
    scale_min: number;
    scale_max: number;
    bands: readonly ScoreBandSegment[];
  };
  /** Label and value pairs: report, subject, purpose, dates. */
  rows: readonly (readonly [string, string])[];
  factors_title: string;
  factors: readonly { title: string; impact_text: string; tone: FactorTone; explanation: string }[];
  /** Shown instead of the factors when there are none. */
  no_factors_text: string;
  disclaimer_title: string;
  disclaimer: string;
  footer: string;
}

const MARGIN = 56;
const RIGHT = 539;
const WIDTH = RIGHT - MARGIN;
const INK = '#14213d';
const MUTED = '#5c677d';
const LINE = '#e3e7ef';

/** Band colours from best to worst; a scale with more bands reuses the last. */
const BAND_COLORS = ['#1a7f37', '#4f9d2d', '#b7950b', '#d9730d', '#b42318'];
const TONE_COLORS: Record<FactorTone, string> = {
  positive: '#1a7f37',
  negative: '#b42318',
  neutral: MUTED,
};

/** The colour of `band` on a scale ordered lowest first (the best band is the last segment). */
export function bandColor(bands: readonly ScoreBandSegment[], band: string | null): string {
  const index = bands.findIndex((segment) => segment.band === band);
  if (index < 0) return MUTED;
  return BAND_COLORS[Math.min(bands.length - 1 - index, BAND_COLORS.length - 1)]!;
}

/**
 * Renders an A4 credit report: the score with its band and a gauge of the scale, the report's
 * details, each factor with its effect and explanation, and the disclaimer. Long factor lists
 * flow onto further pages; the Chinese font ships in the repository, so every locale draws.
 */
export async function renderCreditReportPdf(report: CreditReportDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const fonts = documentFonts(report.locale);
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: report.document_title, Author: report.platform_name },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  // Header band: who issues it, what it is, when.
  document.rect(0, 0, 595.28, 108).fill(INK);
  document
    .font(fonts.bold)
    .fontSize(11)
    .fillColor('#c9d3ea')
    .text(report.platform_name, MARGIN, 30);
  document.font(fonts.bold).fontSize(22).fillColor('#ffffff').text(report.title, MARGIN, 46);
  document.font(fonts.regular).fontSize(10).fillColor('#c9d3ea').text(report.subtitle, MARGIN, 76);

  drawScore(document, fonts, report, 132);
  document.x = MARGIN;
  document.y = 262;
  drawRows(document, fonts, report.rows);
  drawFactors(document, fonts, report);

  document.moveDown(1);
  ensureRoom(document, 80);
  document.font(fonts.bold).fontSize(9).fillColor(INK).text(report.disclaimer_title, MARGIN);
  document.moveDown(0.2);
  document
    .font(fonts.regular)
    .fontSize(8)
    .fillColor(MUTED)
    .text(report.disclaimer, MARGIN, document.y, { width: WIDTH });
  document.moveDown(0.8);
  document
    .font(fonts.regular)
    .fontSize(8)
    .fillColor('#8a93a6')
    .text(report.footer, MARGIN, document.y, { width: WIDTH });
  document.end();
  return finished;
}

type Doc = PDFKit.PDFDocument;
type Fonts = ReturnType<typeof documentFonts>;

/** The score card: the number, its band, and the gauge with a marker where the score falls. */
function drawScore(document: Doc, fonts: Fonts, report: CreditReportDocument, top: number): void {
  const { score } = report;
  const color = bandColor(score.bands, score.band);
  document.roundedRect(MARGIN, top, WIDTH, 112, 10).lineWidth(1).strokeColor(LINE).stroke();
  document
    .font(fonts.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(score.label, MARGIN + 18, top + 14);
  if (score.value === null) {
    document
      .font(fonts.bold)
      .fontSize(20)
      .fillColor(MUTED)
      .text(score.missing_text, MARGIN + 18, top + 34, { width: WIDTH - 36 });
  } else {
    document
      .font(fonts.bold)
      .fontSize(40)
      .fillColor(INK)
      .text(String(score.value), MARGIN + 18, top + 28);
    const badge_x = MARGIN + 130;
    document.roundedRect(badge_x, top + 36, 34, 34, 8).fill(color);
    document
      .font('Helvetica-Bold')
      .fontSize(20)
      .fillColor('#ffffff')
      .text(score.band ?? '', badge_x, top + 44, { width: 34, align: 'center' });
    document
      .font(fonts.bold)
      .fontSize(13)
      .fillColor(color)
      .text(score.band_text, badge_x + 46, top + 45, { width: RIGHT - badge_x - 64 });
  }
  drawGauge(document, score, top + 84);
}

function drawGauge(document: Doc, score: CreditReportDocument['score'], y: number): void {
  const left = MARGIN + 18;
  const width = WIDTH - 36;
  const span = score.scale_max - score.scale_min;
  const xOf = (value: number) => left + ((value - score.scale_min) / span) * width;
  for (const segment of score.bands) {
    const from = xOf(Math.max(segment.from, score.scale_min));
    const to = xOf(Math.min(segment.to + 1, score.scale_max));
    document
      .rect(from, y, Math.max(to - from - 1.5, 1), 8)
      .fill(bandColor(score.bands, segment.band));
    document
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(segment.band, from, y + 11, { width: to - from, align: 'center' });
  }
  document.font('Helvetica').fontSize(7).fillColor(MUTED);
  document.text(String(score.scale_min), left - 14, y + 1, { width: 12, align: 'right' });
  document.text(String(score.scale_max), left + width + 3, y + 1);
  if (score.value !== null) {
    const x = xOf(Math.min(Math.max(score.value, score.scale_min), score.scale_max));
    document
      .moveTo(x, y - 2)
      .lineTo(x - 5, y - 9)
      .lineTo(x + 5, y - 9)
      .closePath()
      .fill(INK);
  }
}

function drawRows(document: Doc, fonts: Fonts, rows: CreditReportDocument['rows']): void {
  for (const [label, value] of rows) {
    const y = document.y;
    document
      .font(fonts.regular)
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, MARGIN, y, { width: 150 });
    const label_bottom = document.y;
    document
      .font(fonts.bold)
      .fontSize(10)
      .fillColor(INK)
      .text(value, MARGIN + 160, y, { width: WIDTH - 160 });
    // A long label wraps too: the next row starts below whichever column is taller.
    document.y = Math.max(document.y, label_bottom);
    document.moveDown(0.45);
  }
  rule(document);
}

function drawFactors(document: Doc, fonts: Fonts, report: CreditReportDocument): void {
  document.font(fonts.bold).fontSize(14).fillColor(INK).text(report.factors_title, MARGIN);
  document.moveDown(0.4);
  if (report.factors.length === 0) {
    document.font(fonts.regular).fontSize(10).fillColor(MUTED).text(report.no_factors_text, MARGIN);
    return;
  }
  for (const factor of report.factors) {
    ensureRoom(document, 60);
    const y = document.y;
    const color = TONE_COLORS[factor.tone];
    document.rect(MARGIN, y + 1, 3, 30).fill(color);
    document
      .font(fonts.bold)
      .fontSize(11)
      .fillColor(INK)
      .text(factor.title, MARGIN + 12, y, { width: WIDTH - 130 });
    const title_bottom = document.y;
    document
      .font(fonts.bold)
      .fontSize(10)
      .fillColor(color)
      .text(factor.impact_text, RIGHT - 110, y + 1, { width: 110, align: 'right' });
    document
      .font(fonts.regular)
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(factor.explanation, MARGIN + 12, Math.max(title_bottom, document.y) + 2, {
        width: WIDTH - 12,
      });
    document.moveDown(0.8);
  }
}

/** Starts a new page when fewer than `points` remain above the bottom margin. */
function ensureRoom(document: Doc, points: number): void {
  if (document.y + points > document.page.height - MARGIN) document.addPage();
  document.x = MARGIN;
}

function rule(document: Doc): void {
  const y = document.y + 4;
  document.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  document.moveDown(1);
  document.x = MARGIN;
}
