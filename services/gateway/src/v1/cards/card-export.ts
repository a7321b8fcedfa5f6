import type { CardResource } from '@platform/contracts';
import type { ExportCell, ExportColumn } from '../../http';

export type CardExportKey =
  'card_id' | 'created_at' | 'type' | 'status' | 'reason' | 'last4' | 'expiry' | 'cardholder_name';

/** Columns of `GET /v1/cards?format=csv|xlsx`: never the full number. */
export const CARD_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<CardExportKey>> = [
  { key: 'card_id', header: 'Card ID' },
  { key: 'created_at', header: 'Created at' },
  { key: 'type', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'reason', header: 'Reason' },
  { key: 'last4', header: 'Last 4' },
  { key: 'expiry', header: 'Expiry' },
  { key: 'cardholder_name', header: 'Cardholder name' },
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
