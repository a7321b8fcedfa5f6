import { factorText } from './factor-labels';
import { creditReportDocument, type ReportForPdf } from './report-document';

const report: ReportForPdf = {
  report_id: 'r-1',
  subject: { country: 'AR', doc_id: '20123456786', subject_type: 'person' },
  purpose: 'tenant_screening',
  score: 712,
  band: 'B',
  factors: [
    {
      code: 'bureau_score',
      impact: 0,
      description: 'The bureau rates the subject 692; this is the base score.',
    },
    {
      code: 'delinquencies',
      impact: -40,
      description: '1 late payment(s) reported in the last 12 months.',
    },
    {
      code: 'platform_verified_holder',
      impact: 20,
      description: 'The subject holds a verified account on this platform.',
    },
    { code: 'brand_new_rule', impact: 5, description: 'Something the catalog does not know yet.' },
  ],
  evaluated_at: '2026-11-25T09:30:12.345Z',
};
const bands = [
  { band: 'E', from: 300, to: 499 },
  { band: 'A', from: 500, to: 850 },
];

describe('credit report document', () => {
  it('says what the report holds in the reader language', () => {
    const document = creditReportDocument(report, {
      locale: 'es',
      bands,
      issued_at: '2026-11-25T10:00:00.000Z',
    });
    expect(document.title).toBe('Informe de crédito');
    expect(document.subtitle).toBe('Emitido: 2026-11-25 10:00 UTC');
    expect(document.score).toMatchObject({ value: 712, band: 'B', band_text: 'Banda B · Bueno' });
    expect(document.score).toMatchObject({ scale_min: 300, scale_max: 850 });
    expect(document.rows).toContainEqual(['Finalidad', 'Evaluación de inquilinos']);
    expect(document.rows).toContainEqual(['Documento', '20123456786']);
    expect(document.factors.map((factor) => [factor.impact_text, factor.tone])).toEqual([
      ['0 pts', 'neutral'],
      ['-40 pts', 'negative'],
      ['+20 pts', 'positive'],
      ['+5 pts', 'positive'],
    ]);
  });

  it('titles the own report as such', () => {
    const document = creditReportDocument(report, {
      locale: 'zh',
      bands,
      issued_at: '2026-11-25T10:00:00.000Z',
      own: true,
    });
    expect(document.title).toBe('我的信用报告');
    expect(document.factors[1]).toMatchObject({
      title: '逾期付款',
      explanation: '过去 12 个月内报告了 1 次逾期付款。',
    });
  });
});

describe('factor text', () => {
  it('keeps the scorecard description in English and carries its figure into translations', () => {
    expect(factorText('en', 'bureau_score', report.factors[0]!.description)).toEqual({
      title: 'Credit bureau score',
      explanation: 'The bureau rates the subject 692; this is the base score.',
    });
    expect(factorText('es', 'bureau_score', report.factors[0]!.description).explanation).toBe(
      'El buró califica al sujeto con 692; es el puntaje base.',
    );
  });

  it('falls back to the description for a code or a figure it lacks', () => {
    expect(factorText('zh', 'brand_new_rule', 'Something new.')).toEqual({
      title: 'Brand new rule',
      explanation: 'Something new.',
    });
    expect(factorText('es', 'delinquencies', 'no figure here').explanation).toBe('no figure here');
  });
});
