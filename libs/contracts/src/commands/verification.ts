import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { transferKey } from './evidence-files';
import { RISK_BANDS, VERIFICATION_DECISIONS, VERIFICATION_KINDS } from '../events/compliance';
import { KYC_STATUSES } from '../events/identity';

/**
 * Identity verification (decisions D8, spec §5 rule 11): a person's KYC or a company's KYB,
 * submitted through a hosted onboarding link and decided by the sandbox simulator, an operator or
 * an organization admin. Compliance owns the submissions; identity owns `accounts.kyc_status`.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
/** The capability in an onboarding link's path. */
const token = z.string().min(1).max(200);

/** `GET /v1/me/verification` (decisions D8). */
export const verificationView = z.object({
  kind: z.enum(VERIFICATION_KINDS),
  status: z.enum(KYC_STATUSES),
  submission_id: z.string().nullable(),
  risk_band: z.enum(RISK_BANDS).nullable(),
  decision: z.enum(VERIFICATION_DECISIONS).nullable(),
  pending_documents: z.array(z.string()),
  changes_requested_comments: z.array(z.string()),
  updated_at: instant.nullable(),
});
export type VerificationView = z.infer<typeof verificationView>;

/** Who asks for a link: the account, and the member behind a session (null for an API key). */
export const verificationCaller = z.object({ account_id: id, member_id: id.nullable() }).strict();

export const getVerificationCommand = z.object({ account_id: id }).strict();

export const issueVerificationLinkCommand = verificationCaller
  .extend({ base_url: z.string().min(1).max(500) })
  .strict();
export type IssueVerificationLinkCommand = z.infer<typeof issueVerificationLinkCommand>;

export const verificationLink = z.object({
  link_id: z.string(),
  url: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  expires_at: instant,
});
export type VerificationLink = z.infer<typeof verificationLink>;

/** The identity a person or a company enters on the hosted page. */
export const onboardingIdentityBody = z
  .object({
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    legal_name: z.string().max(200).optional(),
    doc_id: z.string().max(64),
    birth_date: z.string().max(10).optional().describe('YYYY-MM-DD (persons)'),
    country: z.string().max(2).describe('ISO 3166-1 alpha-2'),
  })
  .strict();
export type OnboardingIdentityBody = z.infer<typeof onboardingIdentityBody>;

export const ONBOARDING_DOCUMENT_CATEGORIES = [
  'identity_document',
  'proof_of_address',
  'company_registration',
] as const;

export const onboardingDocumentBody = z
  .object({
    category: z.enum(ONBOARDING_DOCUMENT_CATEGORIES),
    filename: z.string().max(200).optional(),
    content_base64: z.string().min(1).max(1_400_000),
  })
  .strict();
export type OnboardingDocumentBody = z.infer<typeof onboardingDocumentBody>;

/** The document on the bus: its base64 text waits in the transfer area under `content_key`. */
export const onboardingDocumentUpload = onboardingDocumentBody
  .omit({ content_base64: true })
  .extend({ content_key: transferKey })
  .strict();
export type OnboardingDocumentUpload = z.infer<typeof onboardingDocumentUpload>;

export const onboardingLivenessBody = z
  .object({ selfie_base64: z.string().min(1).max(1_400_000) })
  .strict();

export const onboardingDocument = z.object({
  document_id: z.string(),
  category: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created_at: instant,
});

export const ONBOARDING_STEPS = ['identity', 'documents', 'liveness', 'review'] as const;

/** What the hosted page shows: the link's state and what is still to do. */
export const onboardingView = z.object({
  link_id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  link_status: z.enum(['open', 'completed', 'expired']),
  expires_at: instant,
  locale: z.string(),
  organization: z.string(),
  identity_entered: z.boolean(),
  documents: z.array(onboardingDocument),
  liveness_completed: z.boolean(),
  liveness_required: z.boolean(),
  missing: z.array(z.enum(ONBOARDING_STEPS)),
  status: z.enum(KYC_STATUSES),
});
export type OnboardingView = z.infer<typeof onboardingView>;

const onboardingToken = z.object({ token }).strict();

/** An operator's or organization admin's row of the review queue. */
export const verificationSummary = z.object({
  submission_id: z.string(),
  account_id: z.string(),
  org_id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  status: z.enum(KYC_STATUSES),
  awaiting_review: z.boolean(),
  decision: z.enum(VERIFICATION_DECISIONS).nullable(),
  identity: z
    .object({
      name: z.string(),
      doc_id: z.string(),
      birth_date: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
  documents: z.array(onboardingDocument),
  liveness_completed: z.boolean(),
  changes_requested_comments: z.array(z.string()),
  submitted_at: instant.nullable(),
  updated_at: instant,
});
export type VerificationSummary = z.infer<typeof verificationSummary>;

export const VERIFICATION_LIST_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const listVerificationsCommand = z
  .object({
    /** An organization admin sees its organization's; the operator (null) every one. */
    org_id: id.nullable(),
    status: z.enum(VERIFICATION_LIST_STATUSES).optional(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListVerificationsCommand = z.infer<typeof listVerificationsCommand>;

export const verificationDecisionBody = z
  .object({
    decision: z.enum(VERIFICATION_DECISIONS),
    comments: z.array(z.string().min(1).max(500)).max(20).optional(),
  })
  .strict();
export type VerificationDecisionBody = z.infer<typeof verificationDecisionBody>;

export const decideVerificationCommand = verificationDecisionBody
  .extend({
    submission_id: id,
    org_id: id.nullable(),
    reviewer: z.string().min(1).max(200),
  })
  .strict();
export type DecideVerificationCommand = z.infer<typeof decideVerificationCommand>;

/** An administrator reopens an account's verification (`verification_rejected_requires_admin`). */
export const reopenVerificationCommand = z
  .object({ account_id: id, org_id: id.nullable(), reviewer: z.string().min(1).max(200) })
  .strict();
export type ReopenVerificationCommand = z.infer<typeof reopenVerificationCommand>;

export const verificationReportCommand = z
  .object({ account_id: id, locale: z.enum(['en', 'es', 'zh']) })
  .strict();
export const verificationReport = z.object({
  submission_id: z.string(),
  account_id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  status: z.enum(KYC_STATUSES),
  decision: z.enum(VERIFICATION_DECISIONS).nullable(),
  risk_band: z.enum(RISK_BANDS).nullable(),
  identity: verificationSummary.shape.identity,
  documents: z.array(onboardingDocument),
  liveness_completed: z.boolean(),
  changes_requested_comments: z.array(z.string()),
  submitted_at: instant.nullable(),
  updated_at: instant,
});
export const verificationReportPdf = z.object({ filename: z.string(), pdf_base64: z.string() });

export const VERIFICATION_COMMANDS = {
  get_verification: defineCommand({
    name: 'compliance.get_verification',
    summary: "an account's identity verification",
    request: getVerificationCommand,
    reply: verificationView,
  }),
  issue_link: defineCommand({
    name: 'compliance.issue_verification_link',
    summary: 'a hosted onboarding link for the account’s own verification',
    request: issueVerificationLinkCommand,
    reply: verificationLink,
  }),
  get_onboarding: defineCommand({
    name: 'compliance.get_onboarding',
    summary: 'the state of a hosted onboarding link',
    request: onboardingToken,
    reply: onboardingView,
  }),
  submit_identity: defineCommand({
    name: 'compliance.submit_onboarding_identity',
    summary: 'the identity entered on the hosted page',
    request: onboardingToken.extend({ identity: onboardingIdentityBody }).strict(),
    reply: onboardingView,
  }),
  upload_document: defineCommand({
    name: 'compliance.upload_onboarding_document',
    summary: 'a document uploaded on the hosted page',
    request: onboardingToken.extend({ document: onboardingDocumentUpload }).strict(),
    reply: onboardingDocument,
  }),
  complete_liveness: defineCommand({
    name: 'compliance.complete_onboarding_liveness',
    summary: 'the liveness step of a person’s hosted page',
    request: onboardingToken.extend({ selfie_key: transferKey }).strict(),
    reply: onboardingView,
  }),
  finish: defineCommand({
    name: 'compliance.finish_onboarding',
    summary: 'submits what the hosted page collected',
    request: onboardingToken,
    reply: onboardingView,
  }),
  list: defineCommand({
    name: 'compliance.list_verifications',
    summary: 'verifications for review, newest first',
    request: listVerificationsCommand,
    reply: z.object({ verifications: z.array(verificationSummary) }),
  }),
  decide: defineCommand({
    name: 'compliance.decide_verification',
    summary: "an operator's or organization admin's decision on a verification",
    request: decideVerificationCommand,
    reply: verificationSummary,
  }),
  reopen: defineCommand({
    name: 'compliance.reopen_verification',
    summary: "an administrator reopens an account's verification for a new submission",
    request: reopenVerificationCommand,
    reply: verificationView,
  }),
  report: defineCommand({
    name: 'compliance.get_verification_report',
    summary: "the account's verification report (data)",
    request: verificationReportCommand,
    reply: verificationReport,
  }),
  report_pdf: defineCommand({
    name: 'compliance.get_verification_report_pdf',
    summary: "the account's verification report as a PDF",
    request: verificationReportCommand,
    reply: verificationReportPdf,
  }),
} as const;
