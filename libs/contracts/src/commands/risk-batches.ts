import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { DomainError } from '../errors';
import { uploadedEvidenceFile } from './evidence-files';

/**
 * Credit-scoring batches (decisions D10): up to 5,000 subjects sent at once, as JSON items or a
 * CSV file (header `country,doc_id,subject_type`), evaluated in the background. The gateway
 * checks the shape only; the risk-scoring service judges each row.
 */
export const RISK_BATCH_MAX_ITEMS = 5_000;
/** A CSV of 5,000 rows is ~150 KB; the limit leaves room for long rows and a byte-order mark. */
export const RISK_BATCH_CSV_MAX_BYTES = 1024 * 1024;
export const RISK_BATCH_CSV_HEADER = ['country', 'doc_id', 'subject_type'] as const;

export const RISK_BATCH_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type RiskBatchStatus = (typeof RISK_BATCH_STATUSES)[number];

/** `pending` until evaluated; every other status is final. */
export const RISK_BATCH_ITEM_STATUSES = [
  'pending',
  'completed',
  'no_score',
  'consent_required',
  'invalid',
  'failed',
] as const;
export type RiskBatchItemStatus = (typeof RISK_BATCH_ITEM_STATUSES)[number];
export type RiskBatchItemOutcome = Exclude<RiskBatchItemStatus, 'pending'>;

/** More than the limit is refused before anything is read row by row. */
export function assertRiskBatchSize(count: number): void {
  if (count > RISK_BATCH_MAX_ITEMS)
    throw new DomainError(
      'too_many_items',
      `a batch holds at most ${RISK_BATCH_MAX_ITEMS} subjects; split it`,
    );
}

const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
/** A row as sent: any value; a row that is not a valid subject is kept as an `invalid` item. */
const cell = z.unknown();

export const riskBatchItemInput = z.object({
  country: cell.describe('ISO 3166-1 alpha-2 country of the document, e.g. `AR`'),
  doc_id: cell.describe('the tax or identity document number; separators are ignored'),
  subject_type: cell.describe('`person` or `company`'),
});
export type RiskBatchItemInput = z.infer<typeof riskBatchItemInput>;

/** `POST /v1/qscore/batches` with a JSON body. */
export const createRiskBatchBody = z
  .object({
    items: z
      .array(riskBatchItemInput)
      .describe(`1 to ${RISK_BATCH_MAX_ITEMS} subjects (\`too_many_items\` beyond)`),
    purpose: z
      .string()
      .max(60)
      .optional()
      .describe('why the subjects are evaluated; `credit_evaluation` if absent'),
    idempotency_key: z.string().max(300).nullish(),
  })
  .strict();
export type CreateRiskBatchBody = z.infer<typeof createRiskBatchBody>;

export const createRiskBatchCommand = z
  .object({
    account_id: id,
    org_id: id,
    purpose: z.string().max(60).optional(),
    idempotency_key: z.string().max(300).nullish(),
    /** Exactly one of `items` (JSON) and `file` (a staged CSV upload). */
    items: z.array(riskBatchItemInput).optional(),
    file: uploadedEvidenceFile.optional(),
  })
  .strict();
export type CreateRiskBatchCommand = z.infer<typeof createRiskBatchCommand>;

export const riskBatchCounts = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  no_score: z.number().int(),
  consent_required: z.number().int(),
  invalid: z.number().int(),
  failed: z.number().int(),
});
export type RiskBatchCounts = z.infer<typeof riskBatchCounts>;

export const riskBatchResource = z.object({
  batch_id: z.string(),
  status: z.enum(RISK_BATCH_STATUSES),
  processed: z.number().int().describe('items with a final status (invalid rows included)'),
  total: z.number().int().describe('every row sent, invalid ones included'),
  purpose: z.string(),
  source: z.enum(['json', 'csv']),
  counts: riskBatchCounts.describe('items by status'),
  created_at: instant,
  completed_at: instant.nullable(),
});
export type RiskBatchResource = z.infer<typeof riskBatchResource>;

export const riskBatchItemResource = z.object({
  position: z.number().int().describe('1-based: the JSON index + 1, or the CSV data row'),
  country: z.string(),
  doc_id: z.string().describe('normalized when valid, as sent otherwise'),
  subject_type: z.string(),
  status: z.enum(RISK_BATCH_ITEM_STATUSES),
  score: z.number().int().nullable(),
  band: z.string().nullable(),
  report_id: z.string().nullable(),
  error: z.string().nullable().describe('the error code of an item that has no report'),
  reason: z.string().nullable().describe('why, in words'),
});
export type RiskBatchItemResource = z.infer<typeof riskBatchItemResource>;

export const getRiskBatchCommand = z.object({ account_id: id, batch_id: id }).strict();
export type GetRiskBatchCommand = z.infer<typeof getRiskBatchCommand>;

export const listRiskBatchesCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListRiskBatchesCommand = z.infer<typeof listRiskBatchesCommand>;

/** Items in position order; results.csv reads them page by page with the larger limit. */
export const RISK_BATCH_ITEMS_PAGE_MAX = 1_000;
export const listRiskBatchItemsCommand = z
  .object({
    account_id: id,
    batch_id: id,
    limit: z.number().int().min(1).max(RISK_BATCH_ITEMS_PAGE_MAX),
    offset: z.number().int().min(0),
    status: z.enum(RISK_BATCH_ITEM_STATUSES).optional(),
  })
  .strict();
export type ListRiskBatchItemsCommand = z.infer<typeof listRiskBatchItemsCommand>;

export const RISK_BATCH_COMMANDS = {
  create: defineCommand({
    name: 'risk-scoring.create_batch',
    summary: 'store a batch of subjects and queue their evaluation',
    request: createRiskBatchCommand,
    reply: riskBatchResource,
  }),
  get: defineCommand({
    name: 'risk-scoring.get_batch',
    summary: "one of the account's batches with its progress",
    request: getRiskBatchCommand,
    reply: riskBatchResource,
  }),
  list: defineCommand({
    name: 'risk-scoring.list_batches',
    summary: "the account's batches, newest first",
    request: listRiskBatchesCommand,
    reply: z.object({ batches: z.array(riskBatchResource) }),
  }),
  list_items: defineCommand({
    name: 'risk-scoring.list_batch_items',
    summary: "a batch's items in row order, with their results",
    request: listRiskBatchItemsCommand,
    reply: z.object({ items: z.array(riskBatchItemResource) }),
  }),
} as const;
