import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';

/**
 * The credit scoring bureau (decisions D10): reports, subject scores, consent links and the
 * sandbox bureau. The gateway checks only the shape of a request (strings of bounded length);
 * the risk-scoring service judges each value and answers the spec's code
 * (`purpose_required`, `invalid_purpose`, `invalid_country`, `invalid_doc_id`,
 * `invalid_subject_type`).
 */
const id = z.string().min(1).max(200);
const text = z.string().max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const RISK_SUBJECT_TYPES = ['person', 'company'] as const;
export type RiskSubjectType = (typeof RISK_SUBJECT_TYPES)[number];

/** Spec §2 "Consent link": the purposes a report or a consent may name. */
export const RISK_PURPOSES = [
  'credit_evaluation',
  'tenant_screening',
  'hiring',
  'supplier_onboarding',
  'other',
] as const;
export type RiskPurpose = (typeof RISK_PURPOSES)[number];

export const CREDIT_BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type CreditBand = (typeof CREDIT_BANDS)[number];

export const RISK_CONSENT_STATUSES = ['pending', 'granted', 'revoked', 'expired'] as const;
export type RiskConsentStatus = (typeof RISK_CONSENT_STATUSES)[number];

/** The subject fields of a request, as sent: the service validates them. */
export const riskSubjectBody = z
  .object({
    country: text.optional().describe('ISO 3166-1 alpha-2 (`invalid_country`)'),
    doc_id: text
      .optional()
      .describe(
        'the tax or identity document number; separators allowed, check digits verified (`invalid_doc_id`)',
      ),
    subject_type: text.optional().describe('`person` or `company` (`invalid_subject_type`)'),
  })
  .strict();

export const riskSubject = z.object({
  country: z.string(),
  doc_id: z.string().describe('normalized: digits and check character, no separators'),
  subject_type: z.enum(RISK_SUBJECT_TYPES),
});
export type RiskSubject = z.infer<typeof riskSubject>;

export const riskFactor = z.object({
  code: z.string(),
  impact: z.number().int().describe('signed scorecard points this factor adds to the score'),
  description: z.string(),
});
export type RiskFactor = z.infer<typeof riskFactor>;

/** `POST /v1/qscore/reports`. */
export const createRiskReportBody = riskSubjectBody
  .extend({
    purpose: text.optional().describe('one of the purpose catalog (`purpose_required`)'),
    consent_id: text.optional().describe('a granted consent of a person subject'),
    idempotency_key: z.string().max(10_000).optional(),
  })
  .strict();
export type CreateRiskReportBody = z.infer<typeof createRiskReportBody>;

export const createRiskReportCommand = z
  .object({
    account_id: id,
    org_id: id,
    ...createRiskReportBody.omit({ idempotency_key: true }).shape,
    idempotency_key: z.string().max(10_000).nullable(),
  })
  .strict();
export type CreateRiskReportCommand = z.infer<typeof createRiskReportCommand>;

export const riskReportResource = z.object({
  report_id: z.string(),
  account_id: z.string(),
  subject_id: z.string(),
  subject: riskSubject,
  purpose: z.enum(RISK_PURPOSES),
  consent_id: z.string().nullable(),
  score: z.number().int().min(300).max(850),
  band: z.enum(CREDIT_BANDS),
  factors: z.array(riskFactor),
  evaluated_at: instant,
  idempotency_key: z.string().optional(),
});
export type RiskReportResource = z.infer<typeof riskReportResource>;

export const listRiskReportsCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();

export const getRiskReportCommand = z.object({ account_id: id, report_id: id }).strict();

/** `GET /v1/qscore/subjects/{docID}/score?country=`. */
export const getSubjectScoreCommand = z
  .object({ account_id: id, doc_id: text, country: text.optional() })
  .strict();
export const subjectScoreResource = z.object({
  subject_id: z.string(),
  subject: riskSubject,
  score: z.number().int().min(300).max(850),
  band: z.enum(CREDIT_BANDS),
  report_id: z.string(),
  evaluated_at: instant,
});
export type SubjectScoreResource = z.infer<typeof subjectScoreResource>;

/** `POST /v1/qscore/consents`. */
export const createRiskConsentBody = riskSubjectBody
  .extend({ purpose: text.optional().describe('one of the purpose catalog (`purpose_required`)') })
  .strict();
export type CreateRiskConsentBody = z.infer<typeof createRiskConsentBody>;

const baseUrl = z.string().max(2000).describe("the environment's public address, for `url`");

export const createRiskConsentCommand = z
  .object({ account_id: id, org_id: id, base_url: baseUrl, ...createRiskConsentBody.shape })
  .strict();
export type CreateRiskConsentCommand = z.infer<typeof createRiskConsentCommand>;

/** Spec §2 "Consent link" fields, plus the public page's `url` and the dates. */
export const riskConsentResource = z.object({
  consent_id: z.string(),
  subject_id: z.string(),
  country: z.string(),
  doc_id: z.string(),
  subject_type: z.enum(RISK_SUBJECT_TYPES),
  purpose: z.enum(RISK_PURPOSES),
  status: z.enum(RISK_CONSENT_STATUSES),
  previous_status: z.enum(RISK_CONSENT_STATUSES).nullable(),
  url: z.string().describe('the public page where the holder authorizes or declines'),
  created_at: instant,
  expires_at: instant.describe('a pending link expires then (status `expired`)'),
  decided_at: instant.nullable(),
  revoked_at: instant.nullable(),
});
export type RiskConsentResource = z.infer<typeof riskConsentResource>;

/** What the public consent page shows the holder: never the requesting account's id. */
export const riskConsentPublicView = riskConsentResource
  .omit({ url: true })
  .extend({ requester_name: z.string().nullable() });
export type RiskConsentPublicView = z.infer<typeof riskConsentPublicView>;

export const getRiskConsentCommand = z
  .object({ account_id: id, consent_id: id, base_url: baseUrl })
  .strict();
export const listRiskConsentsCommand = listRiskReportsCommand
  .extend({ base_url: baseUrl })
  .strict();
export const consentTokenCommand = z.object({ token: z.string().min(1).max(200) }).strict();

/** `POST /v1/sandbox/qscore/subjects/{docID}/score`. */
export const sandboxBureauScoreBody = z
  .object({
    score: z.number().int().min(300).max(850).describe('the bureau score from now on'),
    country: text.optional().describe('only this country’s subject; every country when absent'),
  })
  .strict();
export type SandboxBureauScoreBody = z.infer<typeof sandboxBureauScoreBody>;
export const setSandboxBureauScoreCommand = z
  .object({ account_id: id, doc_id: text, ...sandboxBureauScoreBody.shape })
  .strict();
export const sandboxBureauScoreResource = z.object({
  doc_id: z.string(),
  country: z.string().nullable(),
  score: z.number().int(),
  changed_at: instant,
});

export const RISK_SCORING_COMMANDS = {
  create_report: defineCommand({
    name: 'risk-scoring.create_report',
    summary: 'evaluate a subject for the account and store the credit report',
    request: createRiskReportCommand,
    reply: riskReportResource,
  }),
  list_reports: defineCommand({
    name: 'risk-scoring.list_reports',
    summary: "the account's credit reports, newest first",
    request: listRiskReportsCommand,
    reply: z.object({ reports: z.array(riskReportResource) }),
  }),
  get_report: defineCommand({
    name: 'risk-scoring.get_report',
    summary: "one of the account's credit reports",
    request: getRiskReportCommand,
    reply: riskReportResource,
  }),
  get_subject_score: defineCommand({
    name: 'risk-scoring.get_subject_score',
    summary: 'the latest score of a subject the account already reported',
    request: getSubjectScoreCommand,
    reply: subjectScoreResource,
  }),
  create_consent: defineCommand({
    name: 'risk-scoring.create_consent',
    summary: 'open a consent link for a subject to authorize reports',
    request: createRiskConsentCommand,
    reply: riskConsentResource,
  }),
  get_consent: defineCommand({
    name: 'risk-scoring.get_consent',
    summary: "one of the account's consent links",
    request: getRiskConsentCommand,
    reply: riskConsentResource,
  }),
  list_consents: defineCommand({
    name: 'risk-scoring.list_consents',
    summary: "the account's consent links, newest first",
    request: listRiskConsentsCommand,
    reply: z.object({ consents: z.array(riskConsentResource) }),
  }),
  revoke_consent: defineCommand({
    name: 'risk-scoring.revoke_consent',
    summary: 'the requesting account revokes one of its pending consent links',
    request: getRiskConsentCommand,
    reply: riskConsentResource,
  }),
  view_consent: defineCommand({
    name: 'risk-scoring.view_consent',
    summary: 'the consent link behind a public page token, as the holder sees it',
    request: consentTokenCommand,
    reply: riskConsentPublicView,
  }),
  authorize_consent: defineCommand({
    name: 'risk-scoring.authorize_consent',
    summary: 'the holder authorizes a pending consent link (public page)',
    request: consentTokenCommand,
    reply: riskConsentPublicView,
  }),
  decline_consent: defineCommand({
    name: 'risk-scoring.decline_consent',
    summary: 'the holder declines a pending consent link (public page)',
    request: consentTokenCommand,
    reply: riskConsentPublicView,
  }),
  set_sandbox_bureau_score: defineCommand({
    name: 'risk-scoring.set_sandbox_bureau_score',
    summary: "sandbox: change the bureau's score of a document id",
    request: setSandboxBureauScoreCommand,
    reply: sandboxBureauScoreResource,
  }),
} as const;
