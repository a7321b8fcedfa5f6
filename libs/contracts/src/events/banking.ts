import { z } from 'zod';
import {
  BANKING_CURRENCIES,
  BANKING_KYC_STATUSES,
  BANKING_OPERATION_STATUSES,
  BANKING_OPERATION_TYPES,
} from '../commands/banking';
import { idField, positiveAmountField } from './fields';

/**
 * The banking service's events. `data` carries the public payload (spec §6), so notifications
 * projects it mechanically; `banking.balance_changed` is internal (the ledger's banking series).
 */

/** `banking.customer_status_changed` (public `banking_customer_status_changed`). */
export const bankingCustomerStatusChangedSchema = z.object({
  account_id: idField,
  customer_id: idField,
  kyc_status: z.enum(BANKING_KYC_STATUSES),
});
export type BankingCustomerStatusChanged = z.infer<typeof bankingCustomerStatusChangedSchema>;

/** `banking.operation_status_changed` (public `banking_operation_status_changed`). */
export const bankingOperationStatusChangedSchema = z.object({
  account_id: idField,
  customer_id: idField,
  operation_id: idField,
  bank_account_id: idField,
  type: z.enum(BANKING_OPERATION_TYPES),
  status: z.enum(BANKING_OPERATION_STATUSES),
  currency: z.enum(BANKING_CURRENCIES),
  amount: positiveAmountField,
  idempotency_key: z.string().optional(),
});
export type BankingOperationStatusChanged = z.infer<typeof bankingOperationStatusChangedSchema>;

/** `banking.virtual_iban_inbound_received` (public `banking_virtual_iban_inbound`). */
export const bankingInboundReceivedSchema = z.object({
  operation_id: idField,
  account_id: idField,
  bank_account_id: idField,
  amount: positiveAmountField,
  currency: z.enum(BANKING_CURRENCIES),
});
export type BankingInboundReceived = z.infer<typeof bankingInboundReceivedSchema>;

/**
 * `banking.balance_changed`: one entry of a bank account's balance (signed `change`), for
 * projections of banking balances such as the ledger's daily history.
 */
export const bankingBalanceChangedSchema = z.object({
  entry_id: idField,
  account_id: idField,
  bank_account_id: idField,
  operation_id: idField,
  currency: z.enum(BANKING_CURRENCIES),
  change: z.string().regex(/^-?\d+(\.\d+)?$/, 'a signed decimal string'),
  booked_at: z.string(),
});
export type BankingBalanceChanged = z.infer<typeof bankingBalanceChangedSchema>;
