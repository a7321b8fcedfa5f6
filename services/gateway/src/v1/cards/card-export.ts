import type { CardResource } from '@platform/contracts';
import type { ExportCell, ExportColumn } from '../../http';

export type CardExportKey =
  'card_id' | 'created_at' | 'type' | 'status' | 'reason' | 'last4' | 'expiry' | 'cardholder_name';

/** Columns of `GET /v1/cards?format=csv|xlsx`, headers in each language: never the full number. */
export const CARD_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<CardExportKey>> = [
  { key: 'card_id', header: { en: 'Card ID', es: 'ID de la tarjeta', zh: '卡片编号' } },
  {
    key: 'created_at',
    header: { en: 'Created at', es: 'Fecha de creación', zh: '创建时间' },
    kind: 'date',
  },
  { key: 'type', header: { en: 'Type', es: 'Tipo', zh: '类型' } },
  { key: 'status', header: { en: 'Status', es: 'Estado', zh: '状态' } },
  { key: 'reason', header: { en: 'Reason', es: 'Motivo', zh: '原因' } },
  { key: 'last4', header: { en: 'Last 4', es: 'Últimos 4', zh: '末四位' } },
  { key: 'expiry', header: { en: 'Expiry', es: 'Vencimiento', zh: '有效期' } },
  {
    key: 'cardholder_name',
    header: { en: 'Cardholder name', es: 'Titular', zh: '持卡人姓名' },
  },
];

export function cardExportRow(card: CardResource): Record<CardExportKey, ExportCell> {
  return {
    card_id: card.card_id,
    created_at: card.created_at,
    type: card.type,
    status: card.status,
    reason: card.reason,
    last4: card.last4,
    expiry: card.expiry,
    cardholder_name: card.cardholder_name,
  };
}
