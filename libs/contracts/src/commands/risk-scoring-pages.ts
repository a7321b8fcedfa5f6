import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { PLATFORM_LOCALES } from '../locales';
import { riskReportResource } from './risk-scoring';

/**
 * What a person sees of credit scoring (decisions D10): report PDFs, the account's own report,
 * and company seals with their public verification. (The consent page reads core's
 * `risk-scoring.view_consent`.)
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
/** The environment's own public address, which the seal's URLs start with. */
const baseUrl = z.string().url();
const locale = z.enum(PLATFORM_LOCALES);

/* ---------------- Report PDFs ---------------- */

export const reportPdfCommand = z.object({ account_id: id, report_id: id, locale }).strict();
export type ReportPdfCommand = z.infer<typeof reportPdfCommand>;
export const myReportPdfCommand = z.object({ account_id: id, locale }).strict();
export type MyReportPdfCommand = z.infer<typeof myReportPdfCommand>;
const pdfReply = z.object({ filename: z.string(), pdf_base64: z.string() });

/* ---------------- Own report ---------------- */

/**
 * `POST /v1/qscore/my-report`: the body is optional. `country` and `doc_id`, when sent, are the
 * document the client expects the report to be about: it must be the verified identity's.
 */
export const myReportBody = z
  .object({
    country: z
      .string()
      .max(8)
      .optional()
      .describe("ISO 3166 alpha-2; defaults to the verified identity's country"),
    doc_id: z
      .string()
      .max(64)
      .optional()
      .describe(
        'the tax id the client expects: not a valid number of its country 400 `invalid_tax_id`, ' +
          "not the verified identity's 409 `identity_mismatch`",
      ),
  })
  .strict();
export type MyReportBody = z.infer<typeof myReportBody>;
export const myReportCommand = z
  .object({ account_id: id, org_id: id, ...myReportBody.shape })
  .strict();
export type MyReportCommand = z.infer<typeof myReportCommand>;

/* ---------------- Seals ---------------- */

export const SEAL_STATUSES = ['valid', 'revoked', 'expired'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];

/** What anyone may read of a seal by its code. */
export const publicSeal = z.object({
  code: z.string(),
  status: z.enum(SEAL_STATUSES).describe('valid, revoked by the company, or expired'),
  company_name: z.string(),
  country: z.string(),
  doc_id: z.string().describe("the company's tax id"),
  band: z.string().describe('A or B when issued'),
  evaluated_at: instant.describe('when the evaluation the seal attests was made'),
  issued_at: instant,
  expires_at: instant.describe('90 days after the evaluation'),
  revoked_at: instant.nullable(),
});
export type PublicSeal = z.infer<typeof publicSeal>;

/** The company's own view of its seal: the public fields, the report, and where it is shown. */
export const sealResource = publicSeal.extend({
  seal_id: z.string(),
  report_id: z.string().describe('the own report whose evaluation the seal attests'),
  score: z.number().int(),
  verify_url: z.string().describe('the public page (HTML), no credentials'),
  badge_url: z.string().describe('the SVG badge to embed'),
  json_url: z.string().describe('the public JSON verification'),
});
export type SealResource = z.infer<typeof sealResource>;

export const mySealCommand = z.object({ account_id: id, org_id: id, base_url: baseUrl }).strict();
export type MySealCommand = z.infer<typeof mySealCommand>;
export const verifySealQuery = z.object({ code: z.string().max(200) }).strict();
export type VerifySealQuery = z.infer<typeof verifySealQuery>;

export const RISK_PAGES_COMMANDS = {
  report_pdf: defineCommand({
    name: 'risk-scoring.render_report_pdf',
    summary: "one of the account's credit reports as a PDF in the reader's language",
    request: reportPdfCommand,
    reply: pdfReply,
  }),
  my_report_pdf: defineCommand({
    name: 'risk-scoring.render_my_report_pdf',
    summary: "the account's latest own report as a PDF",
    request: myReportPdfCommand,
    reply: pdfReply,
  }),
  create_my_report: defineCommand({
    name: 'risk-scoring.create_my_report',
    summary: "the account's own credit report: a new one every 30 days at most, else the last",
    request: myReportCommand,
    reply: z.object({ created: z.boolean(), report: riskReportResource }),
  }),
  get_my_report: defineCommand({
    name: 'risk-scoring.get_my_report',
    summary: "the account's latest own credit report",
    request: myReportCommand,
    reply: riskReportResource,
  }),
  create_my_seal: defineCommand({
    name: 'risk-scoring.create_my_seal',
    summary: "issue the company's public seal from its latest own report (band A or B)",
    request: mySealCommand,
    reply: z.object({ created: z.boolean(), seal: sealResource }),
  }),
  get_my_seal: defineCommand({
    name: 'risk-scoring.get_my_seal',
    summary: "the company's active seal",
    request: mySealCommand,
    reply: sealResource,
  }),
  revoke_my_seal: defineCommand({
    name: 'risk-scoring.revoke_my_seal',
    summary: "revoke the company's active seal",
    request: mySealCommand,
    reply: sealResource,
  }),
  verify_seal: defineCommand({
    name: 'risk-scoring.verify_seal',
    summary: 'a seal by its public code',
    request: verifySealQuery,
    reply: publicSeal,
  }),
} as const;
