import { z } from 'zod';
import { CREDIT_BANDS, RISK_SUBJECT_TYPES } from '../commands/risk-scoring';
import { idField } from './fields';

/**
 * Credit-scoring watch events (decisions D10): monitoring, report-factor disputes and fraud
 * reports. Stream names are given per event.
 */
const band = z.enum(CREDIT_BANDS);
const score = z.number().int().min(300).max(850);
const instant = z.string().min(1);

/** The subject, flat as in the report and consent events. */
const subject = {
  subject_id: idField,
  country: z.string().length(2),
  doc_id: z.string().min(1),
  subject_type: z.enum(RISK_SUBJECT_TYPES),
};

const scoreChange = {
  monitoring_id: idField,
  account_id: idField,
  ...subject,
  previous_score: score,
  score,
  previous_band: band,
  band,
  evaluated_at: instant,
};

/**
 * `risk-scoring.score_changed`: a monitored subject's score differs from the last one the
 * account was told. Public `risk_score_changed`. Stream: `risk-monitoring-<monitoring_id>`.
 */
export const riskScoreChangedSchema = z.object(scoreChange);
export type RiskScoreChanged = z.infer<typeof riskScoreChangedSchema>;

/**
 * `risk-scoring.monitoring_alert_raised`: the change crossed a band boundary. Public
 * `risk_monitoring_alert`. Stream: `risk-monitoring-<monitoring_id>`.
 */
export const riskMonitoringAlertSchema = z.object({
  ...scoreChange,
  alert: z.literal('band_changed'),
  direction: z.enum(['improved', 'worsened']),
});
export type RiskMonitoringAlert = z.infer<typeof riskMonitoringAlertSchema>;

/**
 * `risk-scoring.fraud_score_computed`: a fraud report was scored. Public
 * `risk_fraud_score_ready`. Stream: `risk-fraud-<fraud_report_id>`.
 */
export const riskFraudScoreComputedSchema = z.object({
  fraud_report_id: idField,
  account_id: idField,
  ...subject,
  fraud_score: z.number().int().min(0).max(100),
  level: z.enum(['low', 'medium', 'high', 'very_high']),
  reasons: z.array(z.string().min(1)),
  created_at: instant,
  idempotency_key: z.string().optional(),
});
export type RiskFraudScoreComputed = z.infer<typeof riskFraudScoreComputedSchema>;

/**
 * `risk-scoring.credit_dispute_status_changed`: a report-factor dispute was opened or decided.
 * Public `dispute_status_changed` with `kind: credit_report` (payment disputes carry
 * `payin_id`). Stream: `risk-dispute-<dispute_id>`.
 */
export const creditDisputeStatusChangedSchema = z.object({
  kind: z.literal('credit_report'),
  dispute_id: idField,
  account_id: idField,
  ...subject,
  report_id: idField,
  factor_code: z.string().min(1),
  status: z.enum(['open', 'resolved', 'rejected']),
  previous_status: z.enum(['open']).nullable(),
  updated_at: instant,
});
export type CreditDisputeStatusChanged = z.infer<typeof creditDisputeStatusChangedSchema>;
