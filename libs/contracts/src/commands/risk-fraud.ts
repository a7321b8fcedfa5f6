import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { riskSubject } from './risk-scoring';

/**
 * Fraud reports (decisions D10): the account sends what it observed about an applicant (the
 * signals) and gets a fraud score, 0 (nothing suspicious) to 100, with its level and reasons.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const FRAUD_LEVELS = ['low', 'medium', 'high', 'very_high'] as const;
export type FraudLevel = (typeof FRAUD_LEVELS)[number];

/** The bounds of the count signals. */
export const FRAUD_COUNT_MAX = 100_000;
const count = z.number().int().min(0).max(FRAUD_COUNT_MAX);

/** What the account observed; every signal is optional (absent: not observed). */
export const fraudSignals = z
  .object({
    email_mismatch: z
      .boolean()
      .optional()
      .describe("the applicant's email is not the one on record for the document"),
    phone_mismatch: z.boolean().optional().describe('the phone is not the one on record'),
    device_mismatch: z
      .boolean()
      .optional()
      .describe('the device was seen before with another identity'),
    ip_country_mismatch: z
      .boolean()
      .optional()
      .describe("the applicant's IP address is outside `country`"),
    disposable_email: z.boolean().optional().describe('the email is of a throwaway provider'),
    document_reuse_count: count
      .optional()
      .describe('other identities (names, emails) seen with this document'),
    applications_last_24h: count
      .optional()
      .describe('applications with this document in the last 24 hours (velocity)'),
    account_age_days: count.optional().describe("age of the applicant's account with you, days"),
  })
  .strict();
export type FraudSignals = z.infer<typeof fraudSignals>;

/** `POST /v1/qscore/fraud/reports`. */
export const createFraudReportBody = z
  .object({
    country: z.string().max(10),
    doc_id: z.string().max(100),
    subject_type: z.string().max(20).optional().describe('`person` (default) or `company`'),
    idempotency_key: z.string().max(1000).optional(),
    ...fraudSignals.shape,
  })
  .strict();
export type CreateFraudReportBody = z.infer<typeof createFraudReportBody>;

export const fraudReason = z.object({
  code: z.string(),
  points: z.number().int().describe('what the reason adds to the score'),
  description: z.string(),
});
export type FraudReason = z.infer<typeof fraudReason>;

export const fraudReportResource = z.object({
  fraud_report_id: z.string(),
  subject: riskSubject,
  fraud_score: z.number().int().min(0).max(100),
  level: z.enum(FRAUD_LEVELS),
  reasons: z.array(fraudReason).describe('largest first; empty when nothing is suspicious'),
  signals: fraudSignals,
  created_at: instant,
});
export type FraudReportResource = z.infer<typeof fraudReportResource>;

export const createFraudReportCommand = z
  .object({
    account_id: id,
    org_id: id,
    country: z.string().max(10),
    doc_id: z.string().max(100),
    subject_type: z.string().max(20).optional(),
    idempotency_key: z.unknown().optional(),
    signals: fraudSignals,
  })
  .strict();
export type CreateFraudReportCommand = z.infer<typeof createFraudReportCommand>;

export const getFraudReportCommand = z.object({ account_id: id, fraud_report_id: id }).strict();
export type GetFraudReportCommand = z.infer<typeof getFraudReportCommand>;

export const RISK_FRAUD_COMMANDS = {
  create: defineCommand({
    name: 'risk-scoring.create_fraud_report',
    summary: 'score the fraud risk of an applicant from the signals observed',
    request: createFraudReportCommand,
    reply: z.object({ report: fraudReportResource, created: z.boolean() }),
  }),
  get: defineCommand({
    name: 'risk-scoring.get_fraud_report',
    summary: "one of the account's fraud reports",
    request: getFraudReportCommand,
    reply: fraudReportResource,
  }),
} as const;
