import { z } from 'zod';
import { idField } from './fields';

const count = z.number().int().min(0);

/**
 * `risk-scoring.batch_completed`: every item of a credit-scoring batch has its final status
 * (decisions D10); public event `risk_batch_completed`. `status` is `failed` when the batch could
 * not be evaluated at all. Stream: `risk-batch-<batch_id>`.
 */
export const riskBatchCompletedSchema = z.object({
  batch_id: idField,
  account_id: idField,
  status: z.enum(['completed', 'failed']),
  total: count,
  processed: count,
  completed: count,
  no_score: count,
  consent_required: count,
  invalid: count,
  failed: count,
  completed_at: z.string(),
});
export type RiskBatchCompleted = z.infer<typeof riskBatchCompletedSchema>;
