import { z } from 'zod';
import {
  CARD_DECLINE_REASONS,
  CARD_STATUS_REASONS,
  CARD_STATUSES,
  CARD_TRANSACTION_STATUSES,
  CARD_TYPES,
} from '../commands/cards';
import { idField } from './fields';

/**
 * The cards service's events (issue 17). `data` carries the public payload, so notifications
 * projects it mechanically. No event ever carries a card number or a security code.
 */

/** `cards.card_issued` (not public). Stream: `card-<card_id>`. */
export const cardIssuedSchema = z.object({
  card_id: idField,
  account_id: idField,
  type: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  last4: z.string().regex(/^\d{4}$/),
  issued_at: z.string(),
});
export type CardIssued = z.infer<typeof cardIssuedSchema>;

/** `cards.card_status_changed` (public `card_status_changed`). Stream: `card-<card_id>`. */
export const cardStatusChangedSchema = z.object({
  card_id: idField,
  account_id: idField,
  status: z.enum(CARD_STATUSES),
  previous_status: z.enum(CARD_STATUSES),
  reason: z.enum(CARD_STATUS_REASONS).nullable(),
  changed_at: z.string(),
});
export type CardStatusChanged = z.infer<typeof cardStatusChangedSchema>;

/**
 * `cards.card_transaction_authorized`, `_declined`, `_reversed` and `_adjusted` (public
 * `card_transaction`). `amount_usdt` is the amount in the account's settlement asset (`asset`).
 * Stream: `card-<card_id>`.
 */
export const cardTransactionSchema = z.object({
  transaction_id: idField,
  card_id: idField,
  account_id: idField,
  status: z.enum(CARD_TRANSACTION_STATUSES),
  amount_usdt: z.string().regex(/^\d+(\.\d+)?$/),
  asset: z.string().min(1),
  merchant: z.string(),
  decline_reason: z.enum(CARD_DECLINE_REASONS).nullable(),
  occurred_at: z.string(),
});
export type CardTransactionEvent = z.infer<typeof cardTransactionSchema>;
