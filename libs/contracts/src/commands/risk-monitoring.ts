import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { CREDIT_BANDS, riskSubject } from './risk-scoring';

/**
 * Credit-scoring monitoring and the index (decisions D10): an account watches subjects it has
 * reported, and reads the distribution of its reported subjects' scores and its own standing.
 * The gateway checks only the shape of a request; the risk-scoring service judges the subject
 * (`invalid_country`, `invalid_doc_id`) and the rules (`report_required`).
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

/** `?country=` of the subject routes; a path `docID` names the subject. */
export const subjectCountryQuery = z
  .object({ country: z.string().max(10).optional().describe('ISO 3166-1 alpha-2 (required)') })
  .strict();

const subjectKey = { country: z.string().max(10), doc_id: z.string().max(100) };

/** A monitoring subscription: the account is told when the subject's score changes. */
export const monitoringResource = z.object({
  monitoring_id: z.string(),
  subject: riskSubject,
  status: z.literal('active'),
  score: z.number().int().nullable().describe('the last score this account was told (300-850)'),
  band: z.enum(CREDIT_BANDS).nullable(),
  score_updated_at: instant.nullable().describe('when `score` was last evaluated'),
  created_at: instant,
});
export type MonitoringResource = z.infer<typeof monitoringResource>;

export const startMonitoringCommand = z
  .object({ account_id: id, org_id: id, ...subjectKey })
  .strict();
export type StartMonitoringCommand = z.infer<typeof startMonitoringCommand>;

export const monitoringSubjectCommand = z.object({ account_id: id, ...subjectKey }).strict();
export type MonitoringSubjectCommand = z.infer<typeof monitoringSubjectCommand>;

export const listMonitoringCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListMonitoringCommand = z.infer<typeof listMonitoringCommand>;

/** `GET /v1/qscore/index`: the score distribution of the subjects the account has reported. */
export const scoreIndexResource = z.object({
  subjects: z.number().int().describe('distinct subjects the account has reported'),
  scored_subjects: z.number().int().describe('of them, those whose latest report has a score'),
  average_score: z.number().int().nullable().describe('rounded; null when none is scored'),
  median_score: z.number().nullable(),
  min_score: z.number().int().nullable(),
  max_score: z.number().int().nullable(),
  bands: z
    .object({ A: z.number(), B: z.number(), C: z.number(), D: z.number(), E: z.number() })
    .describe('subjects per band of their latest report'),
  as_of: instant,
});
export type ScoreIndexResource = z.infer<typeof scoreIndexResource>;

/** `GET /v1/qscore/index/account`: the account's standing as a bureau customer. */
export const accountStandingResource = z.object({
  reports: z.object({
    total: z.number().int(),
    last_30_days: z.number().int(),
    last_report_at: instant.nullable(),
  }),
  subjects_reported: z.number().int(),
  monitored_subjects: z.number().int(),
  disputes: z.object({
    open: z.number().int(),
    resolved: z.number().int(),
    rejected: z.number().int(),
  }),
  fraud_reports: z.object({ total: z.number().int(), high_or_very_high: z.number().int() }),
  own_score: z
    .object({
      score: z.number().int(),
      band: z.enum(CREDIT_BANDS),
      evaluated_at: instant,
    })
    .nullable()
    .describe("the account's own latest report (`POST /v1/qscore/my-report`); null until then"),
  as_of: instant,
});
export type AccountStandingResource = z.infer<typeof accountStandingResource>;

export const accountIndexCommand = z.object({ account_id: id }).strict();

/** The risk-scoring service's monitoring and index commands. */
export const RISK_MONITORING_COMMANDS = {
  start: defineCommand({
    name: 'risk-scoring.start_monitoring',
    summary: 'watch a reported subject; a repeat answers the existing subscription',
    request: startMonitoringCommand,
    reply: z.object({ monitoring: monitoringResource, created: z.boolean() }),
  }),
  get: defineCommand({
    name: 'risk-scoring.get_monitoring',
    summary: "the account's subscription to a subject",
    request: monitoringSubjectCommand,
    reply: monitoringResource,
  }),
  stop: defineCommand({
    name: 'risk-scoring.stop_monitoring',
    summary: 'stop watching a subject',
    request: monitoringSubjectCommand,
    reply: z.object({ monitoring_id: z.string(), deleted: z.literal(true) }),
  }),
  list: defineCommand({
    name: 'risk-scoring.list_monitoring',
    summary: "the account's active subscriptions, newest first",
    request: listMonitoringCommand,
    reply: z.object({ monitoring: z.array(monitoringResource) }),
  }),
  index: defineCommand({
    name: 'risk-scoring.get_score_index',
    summary: "the score distribution of the account's reported subjects",
    request: accountIndexCommand,
    reply: scoreIndexResource,
  }),
  standing: defineCommand({
    name: 'risk-scoring.get_account_standing',
    summary: "the account's own standing: its reporting activity and its own score",
    request: accountIndexCommand,
    reply: accountStandingResource,
  }),
} as const;
