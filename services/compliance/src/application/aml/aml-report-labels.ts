import type { PlatformLocale } from '@platform/contracts';
import type { ScreeningStatus } from '../../domain/aml/screening-decision';

export interface AmlReportLabels {
  title: string;
  issued_by: string;
  screening_id: string;
  date: string;
  updated: string;
  subject_type: string;
  subject_types: Record<'person' | 'company', string>;
  name: string;
  country: string;
  doc_id: string;
  birth_date: string;
  monitoring: string;
  yes_no: [string, string];
  match: string;
  no_matches: string;
  score: string;
  statuses: Record<ScreeningStatus, string>;
  footer: string;
}

/** The report's words in each supported language (spec §1: PDFs are localized). */
export const AML_REPORT_LABELS: Record<PlatformLocale, AmlReportLabels> = {
  en: {
    title: 'AML screening report',
    issued_by: 'Issued by',
    screening_id: 'Screening ID',
    date: 'Screened (UTC)',
    updated: 'Last updated (UTC)',
    subject_type: 'Subject type',
    subject_types: { person: 'Person', company: 'Company' },
    name: 'Name',
    country: 'Country',
    doc_id: 'Document',
    birth_date: 'Date of birth',
    monitoring: 'Monitoring',
    yes_no: ['On', 'Off'],
    match: 'Match',
    no_matches: 'No list entry matched the subject.',
    score: 'score',
    statuses: { clear: 'Clear', potential_match: 'Potential match', match: 'Match' },
    footer:
      'This report shows the outcome of screening the subject against sanctions and politically exposed persons lists at the time shown. A potential match needs review before any decision.',
  },
  es: {
    title: 'Informe de control AML',
    issued_by: 'Emitido por',
    screening_id: 'ID del control',
    date: 'Controlado (UTC)',
    updated: 'Última actualización (UTC)',
    subject_type: 'Tipo de sujeto',
    subject_types: { person: 'Persona', company: 'Empresa' },
    name: 'Nombre',
    country: 'País',
    doc_id: 'Documento',
    birth_date: 'Fecha de nacimiento',
    monitoring: 'Monitoreo',
    yes_no: ['Activo', 'Inactivo'],
    match: 'Coincidencia',
    no_matches: 'Ninguna entrada de las listas coincidió con el sujeto.',
    score: 'puntaje',
    statuses: {
      clear: 'Sin coincidencias',
      potential_match: 'Posible coincidencia',
      match: 'Coincidencia',
    },
    footer:
      'Este informe muestra el resultado del control del sujeto contra listas de sanciones y de personas expuestas políticamente en la fecha indicada. Una posible coincidencia requiere revisión antes de decidir.',
  },
  zh: {
    title: '反洗钱筛查报告',
    issued_by: '签发方',
    screening_id: '筛查编号',
    date: '筛查时间 (UTC)',
    updated: '最后更新 (UTC)',
    subject_type: '对象类型',
    subject_types: { person: '个人', company: '公司' },
    name: '名称',
    country: '国家',
    doc_id: '证件',
    birth_date: '出生日期',
    monitoring: '持续监控',
    yes_no: ['开启', '关闭'],
    match: '匹配',
    no_matches: '没有名单条目与该对象匹配。',
    score: '分数',
    statuses: { clear: '无匹配', potential_match: '可能匹配', match: '匹配' },
    footer:
      '本报告显示在所示时间将该对象与制裁名单及政治公众人物名单进行筛查的结果。可能匹配需经审核后方可作出决定。',
  },
};
