import type { KycStatus, PlatformLocale, RiskBand, VerificationKind } from '@platform/contracts';

export interface ReportLabels {
  title: string;
  platform: string;
  issuer: string;
  submission: string;
  kind: string;
  name: string;
  document: string;
  country: string;
  birth_date: string;
  documents: string;
  liveness: string;
  risk_band: string;
  submitted_at: string;
  updated_at: string;
  comment: string;
  footer: string;
  statuses: Record<KycStatus, string>;
  kinds: Record<VerificationKind, string>;
  risk_bands: Record<RiskBand, string>;
  yes_no: Record<string, string>;
}

/** The verification report's words in each supported language (spec §1: PDFs are localized). */
export const REPORT_LABELS: Record<PlatformLocale, ReportLabels> = {
  en: {
    title: 'Identity verification report',
    platform: 'Payments Platform',
    issuer: 'Issued by the compliance team',
    submission: 'Submission',
    kind: 'Verification',
    name: 'Verified name',
    document: 'Document number',
    country: 'Country',
    birth_date: 'Date of birth',
    documents: 'Documents received',
    liveness: 'Liveness check',
    risk_band: 'Risk band',
    submitted_at: 'Submitted (UTC)',
    updated_at: 'Last update (UTC)',
    comment: 'Requested change',
    footer: 'This report reflects the verification at the time it was issued.',
    statuses: {
      none: 'Not started',
      pending: 'Pending',
      approved: 'Approved',
      rejected: 'Rejected',
    },
    kinds: { kyc: 'Person (KYC)', kyb: 'Company (KYB)' },
    risk_bands: { low: 'Low', medium: 'Medium', high: 'High' },
    yes_no: { true: 'Passed', false: 'Not completed' },
  },
  es: {
    title: 'Informe de verificación de identidad',
    platform: 'Plataforma de Pagos',
    issuer: 'Emitido por el equipo de cumplimiento',
    submission: 'Solicitud',
    kind: 'Verificación',
    name: 'Nombre verificado',
    document: 'Número de documento',
    country: 'País',
    birth_date: 'Fecha de nacimiento',
    documents: 'Documentos recibidos',
    liveness: 'Prueba de vida',
    risk_band: 'Nivel de riesgo',
    submitted_at: 'Enviada (UTC)',
    updated_at: 'Última actualización (UTC)',
    comment: 'Cambio solicitado',
    footer: 'Este informe refleja la verificación en el momento de su emisión.',
    statuses: {
      none: 'No iniciada',
      pending: 'Pendiente',
      approved: 'Aprobada',
      rejected: 'Rechazada',
    },
    kinds: { kyc: 'Persona (KYC)', kyb: 'Empresa (KYB)' },
    risk_bands: { low: 'Bajo', medium: 'Medio', high: 'Alto' },
    yes_no: { true: 'Superada', false: 'No completada' },
  },
  zh: {
    title: '身份验证报告',
    platform: '支付平台',
    issuer: '由合规团队出具',
    submission: '提交编号',
    kind: '验证类型',
    name: '已验证姓名',
    document: '证件号码',
    country: '国家',
    birth_date: '出生日期',
    documents: '已收到的文件',
    liveness: '活体检测',
    risk_band: '风险等级',
    submitted_at: '提交时间 (UTC)',
    updated_at: '最后更新 (UTC)',
    comment: '要求的修改',
    footer: '本报告反映出具时的验证状态。',
    statuses: { none: '未开始', pending: '审核中', approved: '已通过', rejected: '已拒绝' },
    kinds: { kyc: '个人 (KYC)', kyb: '企业 (KYB)' },
    risk_bands: { low: '低', medium: '中', high: '高' },
    yes_no: { true: '已通过', false: '未完成' },
  },
};
