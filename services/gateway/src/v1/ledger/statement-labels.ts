import type { Locale } from '../../http';

/** The words of the statement and of the movement/transfer exports, per locale. */
export interface StatementLabels {
  title: string;
  account: string;
  period: string;
  timezone: string;
  generated: string;
  balances: string;
  asset: string;
  opening: string;
  closing: string;
  totals_by_kind: string;
  kind: string;
  credits: string;
  debits: string;
  count: string;
  nothing: string;
}

export const STATEMENT_LABELS: Readonly<Record<Locale, StatementLabels>> = {
  en: {
    title: 'Account statement',
    account: 'Account',
    period: 'Period',
    timezone: 'Time zone',
    generated: 'Generated',
    balances: 'Balances',
    asset: 'Asset',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals_by_kind: 'Totals by kind',
    kind: 'Kind',
    credits: 'Credits',
    debits: 'Debits',
    count: 'Movements',
    nothing: 'No movements in this period.',
  },
  es: {
    title: 'Estado de cuenta',
    account: 'Cuenta',
    period: 'Período',
    timezone: 'Zona horaria',
    generated: 'Generado',
    balances: 'Saldos',
    asset: 'Activo',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    totals_by_kind: 'Totales por tipo',
    kind: 'Tipo',
    credits: 'Créditos',
    debits: 'Débitos',
    count: 'Movimientos',
    nothing: 'Sin movimientos en este período.',
  },
  zh: {
    title: '账户对账单',
    account: '账户',
    period: '期间',
    timezone: '时区',
    generated: '生成时间',
    balances: '余额',
    asset: '资产',
    opening: '期初余额',
    closing: '期末余额',
    totals_by_kind: '按类型汇总',
    kind: '类型',
    credits: '入账',
    debits: '出账',
    count: '笔数',
    nothing: '本期间无交易。',
  },
};

/**
 * Column headers of the movements and transfers exports (headers follow the locale). A date
 * column's header also names the organization's time zone its dates are shown in.
 */
export const EXPORT_HEADERS: Readonly<Record<Locale, Record<string, string>>> = {
  en: {
    id: 'ID',
    created_at: 'Date',
    asset: 'Asset',
    amount: 'Amount',
    balance_after: 'Balance after',
    kind: 'Kind',
    reference_id: 'Reference',
    description: 'Description',
    transfer_id: 'Transfer',
    direction: 'Direction',
    from_account_id: 'From account',
    to_account_id: 'To account',
    status: 'Status',
  },
  es: {
    id: 'ID',
    created_at: 'Fecha',
    asset: 'Activo',
    amount: 'Monto',
    balance_after: 'Saldo posterior',
    kind: 'Tipo',
    reference_id: 'Referencia',
    description: 'Descripción',
    transfer_id: 'Transferencia',
    direction: 'Dirección',
    from_account_id: 'Cuenta origen',
    to_account_id: 'Cuenta destino',
    status: 'Estado',
  },
  zh: {
    id: '编号',
    created_at: '日期',
    asset: '资产',
    amount: '金额',
    balance_after: '变动后余额',
    kind: '类型',
    reference_id: '参考号',
    description: '描述',
    transfer_id: '转账',
    direction: '方向',
    from_account_id: '付款账户',
    to_account_id: '收款账户',
    status: '状态',
  },
};
