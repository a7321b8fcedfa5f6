import type { GetPayinReceiptCommand } from '@platform/contracts';

export type ReceiptLocale = GetPayinReceiptCommand['locale'];

export interface PayinReceiptLabels {
  title: string;
  issued_by: string;
  received: string;
  received_settlement_scheduled: string;
  receipt_number: string;
  reference: string;
  date_received: string;
  received_by: string;
  paid_by: string;
  payment_method: string;
  card: string;
  deposit_account: string;
  amount_received: string;
  rate: string;
  fee: string;
  amount_credited: string;
  settlement: string;
  settlement_scheduled: string;
  settled: string;
  refunded: string;
  your_reference: string;
  footer: string;
  methods: Record<string, string>;
}

/** The payin receipt's words in each supported language (spec §1: PDFs are localized). */
export const PAYIN_RECEIPT_LABELS: Record<ReceiptLocale, PayinReceiptLabels> = {
  en: {
    title: 'Payment receipt',
    issued_by: 'Issued by',
    received: 'Payment received',
    received_settlement_scheduled: 'Payment received · settlement scheduled',
    receipt_number: 'Receipt number',
    reference: 'Payment reference',
    date_received: 'Date received (UTC)',
    received_by: 'Received by',
    paid_by: 'Paid by',
    payment_method: 'Payment method',
    card: 'Card',
    deposit_account: 'Deposit account',
    amount_received: 'Amount received',
    rate: 'Exchange rate',
    fee: 'Fee',
    amount_credited: 'Amount credited',
    settlement: 'Settlement',
    settlement_scheduled: 'scheduled for',
    settled: 'available in the balance',
    refunded: 'Refunded',
    your_reference: 'Your reference',
    footer:
      'This receipt confirms that the platform received the payment above and credited it, net of the fee, to the account named as recipient. Keep it for your records.',
    methods: {
      bank_transfer: 'Bank transfer',
      qr: 'QR payment',
      fintoc: 'Bank payment',
      card: 'Card payment',
      checkout: 'Checkout link',
      c2p: 'Mobile payment (C2P)',
      debito_inmediato: 'Immediate debit',
      deposit_account: 'Transfer to deposit account',
    },
  },
  es: {
    title: 'Comprobante de pago recibido',
    issued_by: 'Emitido por',
    received: 'Pago recibido',
    received_settlement_scheduled: 'Pago recibido · liquidación programada',
    receipt_number: 'Número de comprobante',
    reference: 'Referencia del pago',
    date_received: 'Fecha de recepción (UTC)',
    received_by: 'Recibido por',
    paid_by: 'Pagado por',
    payment_method: 'Medio de pago',
    card: 'Tarjeta',
    deposit_account: 'Cuenta de depósito',
    amount_received: 'Monto recibido',
    rate: 'Tipo de cambio',
    fee: 'Comisión',
    amount_credited: 'Monto acreditado',
    settlement: 'Liquidación',
    settlement_scheduled: 'programada para el',
    settled: 'disponible en el saldo',
    refunded: 'Reembolsado',
    your_reference: 'Su referencia',
    footer:
      'Este comprobante confirma que la plataforma recibió el pago indicado y lo acreditó, neto de la comisión, a la cuenta indicada como destinataria. Consérvelo para sus registros.',
    methods: {
      bank_transfer: 'Transferencia bancaria',
      qr: 'Pago con QR',
      fintoc: 'Pago bancario',
      card: 'Pago con tarjeta',
      checkout: 'Enlace de pago',
      c2p: 'Pago móvil (C2P)',
      debito_inmediato: 'Débito inmediato',
      deposit_account: 'Transferencia a cuenta de depósito',
    },
  },
  zh: {
    title: '收款回执',
    issued_by: '签发方',
    received: '已收到付款',
    received_settlement_scheduled: '已收到付款 · 已安排结算',
    receipt_number: '回执编号',
    reference: '付款参考号',
    date_received: '收款日期 (UTC)',
    received_by: '收款方',
    paid_by: '付款方',
    payment_method: '付款方式',
    card: '银行卡',
    deposit_account: '存款账户',
    amount_received: '收款金额',
    rate: '汇率',
    fee: '手续费',
    amount_credited: '入账金额',
    settlement: '结算',
    settlement_scheduled: '预定于',
    settled: '已计入余额',
    refunded: '已退款',
    your_reference: '您的参考号',
    footer: '本回执确认平台已收到上述付款，并已扣除手续费后计入指定收款账户。请妥善保存。',
    methods: {
      bank_transfer: '银行转账',
      qr: '二维码支付',
      fintoc: '银行支付',
      card: '银行卡支付',
      checkout: '收款链接',
      c2p: '移动支付 (C2P)',
      debito_inmediato: '即时借记',
      deposit_account: '转账至存款账户',
    },
  },
};
