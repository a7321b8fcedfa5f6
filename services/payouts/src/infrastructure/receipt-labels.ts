import type { PlatformLocale } from '@platform/contracts';

export type ReceiptLocale = PlatformLocale;

export interface ReceiptLabels {
  title: string;
  platform: string;
  payout_id: string;
  date: string;
  status: string;
  beneficiary: string;
  account: string;
  destination: string;
  amount_paid: string;
  total_debit: string;
  fee: string;
  rate: string;
  reference: string;
  idempotency_key: string;
  pending_reference: string;
  footer: string;
  statuses: Record<string, string>;
}

/** The receipt's words in each supported language (spec §1: PDFs are localized). */
export const RECEIPT_LABELS: Record<ReceiptLocale, ReceiptLabels> = {
  en: {
    title: 'Payout receipt',
    platform: 'Issued by',
    payout_id: 'Payout ID',
    date: 'Date (UTC)',
    status: 'Status',
    beneficiary: 'Beneficiary',
    account: 'Account',
    destination: 'Destination',
    amount_paid: 'Amount sent',
    total_debit: 'Total debited',
    fee: 'Fee',
    rate: 'Exchange rate',
    reference: 'Bank reference',
    idempotency_key: 'Your reference',
    pending_reference: 'pending',
    footer:
      'This receipt confirms the payout instruction recorded by the platform. Keep it for your records.',
    statuses: {
      pending: 'Pending',
      in_review: 'In review',
      processing: 'Processing',
      completed: 'Completed',
      failed: 'Failed (debit refunded)',
    },
  },
  es: {
    title: 'Comprobante de pago',
    platform: 'Emitido por',
    payout_id: 'ID del pago',
    date: 'Fecha (UTC)',
    status: 'Estado',
    beneficiary: 'Beneficiario',
    account: 'Cuenta',
    destination: 'Destino',
    amount_paid: 'Monto enviado',
    total_debit: 'Total debitado',
    fee: 'Comisión',
    rate: 'Tipo de cambio',
    reference: 'Referencia bancaria',
    idempotency_key: 'Su referencia',
    pending_reference: 'pendiente',
    footer:
      'Este comprobante confirma la instrucción de pago registrada por la plataforma. Consérvelo para sus registros.',
    statuses: {
      pending: 'Pendiente',
      in_review: 'En revisión',
      processing: 'En proceso',
      completed: 'Completado',
      failed: 'Fallido (débito reembolsado)',
    },
  },
  zh: {
    title: '付款回执',
    platform: '签发方',
    payout_id: '付款编号',
    date: '日期 (UTC)',
    status: '状态',
    beneficiary: '收款人',
    account: '账户',
    destination: '目的地',
    amount_paid: '付款金额',
    total_debit: '扣款总额',
    fee: '手续费',
    rate: '汇率',
    reference: '银行参考号',
    idempotency_key: '您的参考号',
    pending_reference: '待定',
    footer: '本回执确认平台已记录该付款指令。请妥善保存。',
    statuses: {
      pending: '待处理',
      in_review: '审核中',
      processing: '处理中',
      completed: '已完成',
      failed: '失败（已退还扣款）',
    },
  },
};
