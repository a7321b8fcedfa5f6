import { bandColor, renderCreditReportPdf, type CreditReportDocument } from './credit-report-pdf';

const bands = [
  { band: 'E', from: 300, to: 499 },
  { band: 'D', from: 500, to: 579 },
  { band: 'C', from: 580, to: 669 },
  { band: 'B', from: 670, to: 749 },
  { band: 'A', from: 750, to: 850 },
];

const document = (overrides: Partial<CreditReportDocument> = {}): CreditReportDocument => ({
  locale: 'en',
  document_title: 'Credit report r-1',
  platform_name: 'Payments Platform',
  title: 'Credit report',
  subtitle: 'Issued: 2026-11-25 10:00 UTC',
  score: {
    label: 'Credit score',
    value: 712,
    missing_text: 'No score',
    band: 'B',
    band_text: 'Band B · Good',
    scale_min: 300,
    scale_max: 850,
    bands,
  },
  rows: [['Report ID', 'r-1']],
  factors_title: 'What shaped this score',
  factors: Array.from({ length: 30 }, (_, index) => ({
    title: `Factor ${index}`,
    impact_text: '-10 pts',
    tone: 'negative' as const,
    explanation: 'An explanation a person reads.',
  })),
  no_factors_text: 'None',
  disclaimer_title: 'About this report',
  disclaimer: 'An estimate.',
  footer: 'UTC',
  ...overrides,
});

describe('credit report PDF', () => {
  it('flows a long list of factors onto more pages', async () => {
    const pdf = await renderCreditReportPdf(document());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
  });

  it('draws Chinese with the bundled CJK font, and a report without a score', async () => {
    const pdf = await renderCreditReportPdf(
      document({
        locale: 'zh',
        title: '信用报告',
        factors: [],
        score: { ...document().score, value: null, band: null },
      }),
    );
    expect(pdf.toString('latin1')).toContain('NotoSansCJKsc');
  });

  it('colours the best band green and the worst red', () => {
    expect(bandColor(bands, 'A')).toBe('#1a7f37');
    expect(bandColor(bands, 'E')).toBe('#b42318');
    expect(bandColor(bands, 'Z')).toBe('#5c677d');
  });
});
