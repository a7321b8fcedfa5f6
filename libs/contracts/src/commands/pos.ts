import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { filterDateSchema } from '../filter-dates';

/**
 * POS: charges that card-terminal processors report for a merchant account (the payins
 * service). A received charge is credited to the account; refunds debit it.
 */
const accountId = z.string().uuid();
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
const amount = z.string().describe('decimal string');

export const POS_CHARGE_STATUSES = ['received', 'pending'] as const;
export const POS_SUMMARY_GROUPINGS = ['day', 'terminal'] as const;

/** `POST /v1/sandbox/pos/charges` body. */
export const sandboxPosChargeBody = z
  .object({
    amount: z.unknown().optional().describe('decimal string; ending .77: `pending`, never settled'),
    terminal_id: z.unknown().optional().describe('the terminal that took the charge'),
    currency: z.unknown().optional().describe('an asset of the account; `USD` when omitted'),
  })
  .strict();
export type SandboxPosChargeBody = z.infer<typeof sandboxPosChargeBody>;

/** `POST /v1/pos/charges/{id}/refund` body. */
export const posRefundBody = z
  .object({
    amount: z
      .unknown()
      .optional()
      .describe('decimal string; what remains of the charge if omitted'),
    idempotency_key: z.unknown().optional(),
  })
  .strict();
export type PosRefundBody = z.infer<typeof posRefundBody>;

export const posChargeView = z.object({
  charge_id: z.string(),
  terminal_id: z.string(),
  currency: z.string(),
  amount: amount,
  status: z.enum(POS_CHARGE_STATUSES).describe('`received` (credited) or `pending` (not settled)'),
  refunded_amount: amount,
  created_at: instant,
});
export type PosChargeView = z.infer<typeof posChargeView>;

export const posRefundReply = posChargeView.extend({
  refund: z.object({ refund_id: z.string(), amount: amount, created_at: instant }),
});
export type PosRefundReply = z.infer<typeof posRefundReply>;

const posTotals = z.object({
  currency: z.string(),
  gross: amount.describe('received charges'),
  refunded: amount,
  net: amount.describe('gross minus refunded'),
  count: z.number().int().describe('received charges'),
});
export const posSummary = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  timezone: z.string().describe('the organization time zone the days are counted in'),
  group_by: z.enum(POS_SUMMARY_GROUPINGS),
  totals: z.array(posTotals).describe('one entry per currency'),
  groups: z
    .array(posTotals.extend({ key: z.string().describe('YYYY-MM-DD or the terminal id') }))
    .describe('by day (newest first) or by terminal, and currency'),
});
export type PosSummary = z.infer<typeof posSummary>;

const listFilters = {
  account_id: accountId,
  org_id: z.string().min(1),
  from: filterDateSchema.optional(),
  to: filterDateSchema.optional(),
};

export const recordSandboxPosChargeCommand = z
  .object({ account_id: accountId, org_id: z.string().min(1), body: sandboxPosChargeBody })
  .strict();
export type RecordSandboxPosChargeCommand = z.infer<typeof recordSandboxPosChargeCommand>;

export const disableSandboxTerminalCommand = z
  .object({ account_id: accountId, terminal_id: z.string().min(1).max(100) })
  .strict();

export const listPosChargesCommand = z
  .object({
    ...listFilters,
    terminal_id: z.string().max(100).optional(),
    status: z.string().max(40).optional(),
    limit: z.number().int().min(1).max(10_001),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListPosChargesCommand = z.infer<typeof listPosChargesCommand>;

export const getPosChargeCommand = z.object({ account_id: accountId, charge_id: id }).strict();
export type GetPosChargeCommand = z.infer<typeof getPosChargeCommand>;

export const posSummaryCommand = z
  .object({ ...listFilters, group_by: z.string().max(40).optional() })
  .strict();
export type PosSummaryCommand = z.infer<typeof posSummaryCommand>;

export const refundPosChargeCommand = z
  .object({ account_id: accountId, charge_id: id, body: posRefundBody })
  .strict();
export type RefundPosChargeCommand = z.infer<typeof refundPosChargeCommand>;

export const POS_COMMANDS = {
  record_sandbox_charge: defineCommand({
    name: 'payins.record_sandbox_pos_charge',
    summary: 'sandbox: a terminal reports a charge for the account',
    request: recordSandboxPosChargeCommand,
    reply: posChargeView,
  }),
  disable_sandbox_terminal: defineCommand({
    name: 'payins.disable_sandbox_pos_terminal',
    summary: "sandbox: the processor disables one of the account's terminals",
    request: disableSandboxTerminalCommand,
    reply: z.object({ terminal_id: z.string(), status: z.literal('disabled') }),
  }),
  list_charges: defineCommand({
    name: 'payins.list_pos_charges',
    summary: "the account's POS charges, newest first",
    request: listPosChargesCommand,
    reply: z.object({ charges: z.array(posChargeView) }),
  }),
  get_charge: defineCommand({
    name: 'payins.get_pos_charge',
    summary: "one of the account's POS charges",
    request: getPosChargeCommand,
    reply: posChargeView,
  }),
  summary: defineCommand({
    name: 'payins.pos_summary',
    summary: "totals of the account's POS charges",
    request: posSummaryCommand,
    reply: posSummary,
  }),
  refund_charge: defineCommand({
    name: 'payins.refund_pos_charge',
    summary: 'refund a POS charge, whole or in part',
    request: refundPosChargeCommand,
    reply: z.object({ refund: posRefundReply, created: z.boolean() }),
  }),
} as const;
