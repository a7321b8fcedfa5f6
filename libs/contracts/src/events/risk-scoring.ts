import { z } from 'zod';
import {
  CREDIT_BANDS,
  RISK_CONSENT_STATUSES,
  RISK_PURPOSES,
  RISK_SUBJECT_TYPES,
} from '../commands/risk-scoring';
import { idField } from './fields';

/**
 * The risk-scoring service's events (decisions D10). `data` carries the public payload, so
 * notifications projects it mechanically.
 */

const subjectFields = {
  subject_id: idField,
  country: z.string().min(2),
  doc_id: z.string().min(1),
  subject_type: z.enum(RISK_SUBJECT_TYPES),
  purpose: z.enum(RISK_PURPOSES),
};

/** `risk-scoring.report_created` (public `risk_report_ready`). Stream: `risk-report-<report_id>`. */
export const riskReportCreatedSchema = z.object({
  report_id: idField,
  account_id: idField,
  ...subjectFields,
  score: z.number().int().min(300).max(850),
  band: z.enum(CREDIT_BANDS),
  evaluated_at: z.string(),
  idempotency_key: z.string().optional(),
});
export type RiskReportCreated = z.infer<typeof riskReportCreatedSchema>;

/**
 * `risk-scoring.consent_granted` and `risk-scoring.consent_revoked` (spec §6: consent_id,
 * subject_id, country, doc_id, subject_type, purpose, status, previous_status, revoked_at).
 * Stream: `risk-consent-<consent_id>`.
 */
export const riskConsentChangedSchema = z.object({
  consent_id: idField,
  account_id: idField,
  ...subjectFields,
  status: z.enum(RISK_CONSENT_STATUSES),
  previous_status: z.enum(RISK_CONSENT_STATUSES).nullable(),
  revoked_at: z.string().nullable(),
});
export type RiskConsentChanged = z.infer<typeof riskConsentChangedSchema>;
