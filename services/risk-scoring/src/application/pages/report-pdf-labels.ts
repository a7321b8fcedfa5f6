import type { PlatformLocale } from '@platform/contracts';

/** The words of a credit report PDF in each platform language. */
export interface ReportPdfLabels {
  title: string;
  own_title: string;
  issued: string;
  score: string;
  no_score: string;
  band: string;
  bands: Record<string, string>;
  report_id: string;
  subject: string;
  subject_types: Record<string, string>;
  country: string;
  doc_id: string;
  purpose: string;
  purposes: Record<string, string>;
  evaluated_at: string;
  factors: string;
  no_factors: string;
  points: string;
  disclaimer_title: string;
  disclaimer: string;
  footer: string;
}

export const REPORT_PDF_LABELS: Record<PlatformLocale, ReportPdfLabels> = {
  en: {
    title: 'Credit report',
    own_title: 'My credit report',
    issued: 'Issued',
    score: 'Credit score (300–850)',
    no_score: 'Not enough data to score this subject',
    band: 'Band',
    bands: { A: 'Excellent', B: 'Good', C: 'Fair', D: 'Poor', E: 'Very poor' },
    report_id: 'Report ID',
    subject: 'Subject',
    subject_types: { person: 'Person', company: 'Company' },
    country: 'Country',
    doc_id: 'Document ID',
    purpose: 'Purpose',
    purposes: {
      credit_evaluation: 'Credit evaluation',
      tenant_screening: 'Tenant screening',
      hiring: 'Hiring',
      supplier_onboarding: 'Supplier onboarding',
      other: 'Other',
      own_report: 'Own report',
    },
    evaluated_at: 'Evaluated at',
    factors: 'What shaped this score',
    no_factors: 'No factor applies to this subject.',
    points: 'pts',
    disclaimer_title: 'About this report',
    disclaimer:
      'This report is an estimate of credit risk made from the data available on the evaluation ' +
      'date: payment history on this platform and credit bureau records. It is not a decision ' +
      'to grant or refuse credit. It may only be used for the purpose stated above, with the ' +
      'consent the law requires. The subject may dispute any factor that is wrong.',
    footer: 'Scores range from 300 (highest risk) to 850 (lowest risk). All times are UTC.',
  },
  es: {
    title: 'Informe de crédito',
    own_title: 'Mi informe de crédito',
    issued: 'Emitido',
    score: 'Puntaje de crédito (300–850)',
    no_score: 'No hay datos suficientes para calificar a este sujeto',
    band: 'Banda',
    bands: { A: 'Excelente', B: 'Bueno', C: 'Regular', D: 'Bajo', E: 'Muy bajo' },
    report_id: 'ID del informe',
    subject: 'Sujeto',
    subject_types: { person: 'Persona', company: 'Empresa' },
    country: 'País',
    doc_id: 'Documento',
    purpose: 'Finalidad',
    purposes: {
      credit_evaluation: 'Evaluación crediticia',
      tenant_screening: 'Evaluación de inquilinos',
      hiring: 'Contratación de personal',
      supplier_onboarding: 'Alta de proveedores',
      other: 'Otra',
      own_report: 'Informe propio',
    },
    evaluated_at: 'Evaluado el',
    factors: 'Qué determinó este puntaje',
    no_factors: 'Ningún factor aplica a este sujeto.',
    points: 'pts',
    disclaimer_title: 'Acerca de este informe',
    disclaimer:
      'Este informe es una estimación del riesgo crediticio hecha con los datos disponibles en ' +
      'la fecha de evaluación: el historial de pagos en esta plataforma y los registros del ' +
      'buró de crédito. No es una decisión de otorgar o negar crédito. Solo puede usarse para ' +
      'la finalidad indicada, con el consentimiento que exige la ley. El titular puede ' +
      'impugnar cualquier factor incorrecto.',
    footer: 'Los puntajes van de 300 (mayor riesgo) a 850 (menor riesgo). Horas en UTC.',
  },
  zh: {
    title: '信用报告',
    own_title: '我的信用报告',
    issued: '出具日期',
    score: '信用评分（300–850）',
    no_score: '数据不足，无法为该主体评分',
    band: '等级',
    bands: { A: '优秀', B: '良好', C: '一般', D: '较差', E: '很差' },
    report_id: '报告编号',
    subject: '主体',
    subject_types: { person: '个人', company: '企业' },
    country: '国家',
    doc_id: '证件号码',
    purpose: '用途',
    purposes: {
      credit_evaluation: '信用评估',
      tenant_screening: '租客审查',
      hiring: '招聘',
      supplier_onboarding: '供应商准入',
      other: '其他',
      own_report: '本人报告',
    },
    evaluated_at: '评估时间',
    factors: '影响评分的因素',
    no_factors: '没有适用于该主体的因素。',
    points: '分',
    disclaimer_title: '关于本报告',
    disclaimer:
      '本报告根据评估日可获得的数据（本平台上的付款记录和征信机构记录）对信用风险作出估计，' +
      '并非授予或拒绝信贷的决定。仅可用于上述用途，并须取得法律要求的同意。' +
      '主体可对任何有误的因素提出异议。',
    footer: '评分范围为 300（风险最高）至 850（风险最低）。所有时间均为 UTC。',
  },
};
