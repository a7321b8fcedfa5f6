import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { transferKey } from './evidence-files';

/**
 * Contracts (decisions D11): organization admins keep versioned templates and send envelopes to
 * accounts; an account signs its envelope with a drawn signature, and anyone holding the signed
 * PDF's code can check it on a public page. The gateway checks only the shape of a request;
 * the compliance service judges templates, fields and signatures with the spec's codes.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
const baseUrl = z.string().url();
const idempotencyKey = z.unknown().optional();

/** A template's name: the key its versions share. */
export const CONTRACT_TEMPLATE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** A field's name, as `{{name}}` places it in a template's body. */
export const CONTRACT_FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export const CONTRACT_BODY_MAX_CHARS = 20_000;
export const CONTRACT_FIELDS_MAX = 50;
export const CONTRACT_FIELD_VALUE_MAX_CHARS = 500;

export const CONTRACT_TEMPLATE_STATUSES = ['active', 'superseded'] as const;
export const CONTRACT_ENVELOPE_STATUSES = ['pending', 'signed'] as const;

export const contractTemplateField = z
  .object({
    name: z
      .string()
      .regex(CONTRACT_FIELD_NAME, 'lower-case letters, digits and _, starting with a letter')
      .describe('the placeholder `{{name}}` of the body'),
    label: z.string().min(1).max(200).describe('what the field holds, as the PDF names it'),
    required: z.boolean().default(true).describe('an envelope must fill it (default true)'),
  })
  .strict();
export type ContractTemplateField = z.infer<typeof contractTemplateField>;

/** `POST /v1/org/contracts/templates`. */
export const createContractTemplateBody = z
  .object({
    name: z
      .string()
      .regex(CONTRACT_TEMPLATE_NAME, 'lower-case letters, digits, - and _ (1 to 64)')
      .describe('the template: a new body under the same name is its next version'),
    title: z.string().min(1).max(200).describe("the contract's title, on the PDF"),
    body: z
      .string()
      .min(1)
      .max(CONTRACT_BODY_MAX_CHARS)
      .describe('the text, with `{{field}}` placeholders naming declared fields'),
    fields: z.array(contractTemplateField).max(CONTRACT_FIELDS_MAX),
    idempotency_key: z.string().optional(),
  })
  .strict();
export type CreateContractTemplateBody = z.infer<typeof createContractTemplateBody>;

export const contractTemplateResource = z.object({
  template_id: z.string(),
  name: z.string(),
  version: z.number().int().min(1),
  status: z
    .enum(CONTRACT_TEMPLATE_STATUSES)
    .describe('`superseded` once a newer version exists: its unsigned envelopes cannot be signed'),
  title: z.string(),
  body: z.string(),
  fields: z.array(
    z.object({ name: z.string(), label: z.string(), required: z.boolean() }).strict(),
  ),
  created_at: instant,
});
export type ContractTemplateResource = z.infer<typeof contractTemplateResource>;

/** `POST /v1/org/contracts/envelopes`. */
export const createContractEnvelopeBody = z
  .object({
    account_id: id.describe('the account that signs: one of the organization'),
    template: id.describe("a template's name (its current version) or a version's template_id"),
    fields: z
      .record(z.string().max(40), z.string().max(CONTRACT_FIELD_VALUE_MAX_CHARS))
      .default({})
      .describe('a value for every required field of the template, and no unknown field'),
    idempotency_key: z.string().optional(),
  })
  .strict();
export type CreateContractEnvelopeBody = z.infer<typeof createContractEnvelopeBody>;

export const contractEnvelopeResource = z.object({
  envelope_id: z.string(),
  account_id: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  template_version: z.number().int(),
  title: z.string(),
  status: z.enum(CONTRACT_ENVELOPE_STATUSES),
  fields: z.record(z.string(), z.string()),
  created_at: instant,
  signed_at: instant.nullable(),
  code: z.string().nullable().describe("the signed PDF's verification code; null until signed"),
  sha256: z.string().nullable().describe("the signed PDF's SHA-256, hex; null until signed"),
});
export type ContractEnvelopeResource = z.infer<typeof contractEnvelopeResource>;

/** `POST /v1/me/contracts/envelopes/{id}/sign`. */
export const signContractBody = z
  .object({
    signature_png: z
      .string()
      .min(1)
      .max(1_000_000)
      .describe(
        'the drawn signature: a PNG image, Base64 (a `data:image/png;base64,` prefix is allowed), at most 512 KB decoded',
      ),
    consent: z.literal(true).describe('must be `true`: the signer agrees to sign electronically'),
  })
  .strict();
export type SignContractBody = z.infer<typeof signContractBody>;

export const signedContractReply = z.object({
  envelope_id: z.string(),
  code: z.string(),
  verify_url: z.string().describe('the public verification page of the signed PDF'),
  sha256: z.string(),
  signed_at: instant,
});
export type SignedContractReply = z.infer<typeof signedContractReply>;

/** What the public verification shows: no email, the signer's name masked. */
export const publicContractVerification = z.object({
  code: z.string(),
  status: z.literal('signed'),
  title: z.string(),
  signed_at: instant,
  sha256: z.string().describe("the signed PDF's SHA-256, hex"),
  signer: z.string().describe("the signer's name, masked"),
});
export type PublicContractVerification = z.infer<typeof publicContractVerification>;

export const contractPdfContent = z.object({
  filename: z.string(),
  content_type: z.literal('application/pdf'),
  transfer_key: transferKey,
  size_bytes: z.number().int().min(0).nullable(),
});

const orgAdmin = { org_id: id, admin_id: id };

export const createContractTemplateCommand = createContractTemplateBody
  .omit({ idempotency_key: true })
  .extend({ ...orgAdmin, idempotency_key: idempotencyKey })
  .strict();
export type CreateContractTemplateCommand = z.infer<typeof createContractTemplateCommand>;

export const listContractTemplatesCommand = z
  .object({
    org_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListContractTemplatesCommand = z.infer<typeof listContractTemplatesCommand>;

export const createContractEnvelopeCommand = createContractEnvelopeBody
  .omit({ idempotency_key: true })
  .extend({ ...orgAdmin, idempotency_key: idempotencyKey })
  .strict();
export type CreateContractEnvelopeCommand = z.infer<typeof createContractEnvelopeCommand>;

export const listContractEnvelopesCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListContractEnvelopesCommand = z.infer<typeof listContractEnvelopesCommand>;

export const getContractEnvelopeCommand = z.object({ account_id: id, envelope_id: id }).strict();
export type GetContractEnvelopeCommand = z.infer<typeof getContractEnvelopeCommand>;

export const signContractCommand = z
  .object({
    account_id: id,
    envelope_id: id,
    /** The Base64 text of `signature_png`, staged in the transfer area (never on the bus). */
    signature_key: transferKey,
    consent: z.literal(true),
    base_url: baseUrl,
  })
  .strict();
export type SignContractCommand = z.infer<typeof signContractCommand>;

export const verifyContractCommand = z.object({ code: id }).strict();
export type VerifyContractCommand = z.infer<typeof verifyContractCommand>;

/** The compliance service's contract commands. */
export const CONTRACT_COMMANDS = {
  create_template: defineCommand({
    name: 'compliance.create_contract_template',
    summary: "an organization's contract template, or the next version of one",
    request: createContractTemplateCommand,
    reply: contractTemplateResource,
  }),
  list_templates: defineCommand({
    name: 'compliance.list_contract_templates',
    summary: "the organization's contract template versions, newest first",
    request: listContractTemplatesCommand,
    reply: z.object({ templates: z.array(contractTemplateResource) }),
  }),
  create_envelope: defineCommand({
    name: 'compliance.create_contract_envelope',
    summary: 'a contract for one account of the organization to sign, from a template',
    request: createContractEnvelopeCommand,
    reply: contractEnvelopeResource,
  }),
  list_envelopes: defineCommand({
    name: 'compliance.list_contract_envelopes',
    summary: "the account's contract envelopes, newest first",
    request: listContractEnvelopesCommand,
    reply: z.object({ envelopes: z.array(contractEnvelopeResource) }),
  }),
  get_envelope: defineCommand({
    name: 'compliance.get_contract_envelope',
    summary: "one of the account's contract envelopes",
    request: getContractEnvelopeCommand,
    reply: contractEnvelopeResource,
  }),
  sign_envelope: defineCommand({
    name: 'compliance.sign_contract_envelope',
    summary: 'sign an envelope with a drawn signature: renders and keeps the signed PDF',
    request: signContractCommand,
    reply: signedContractReply,
  }),
  get_pdf: defineCommand({
    name: 'compliance.get_contract_pdf',
    summary: "an envelope's PDF (signed, or an unsigned preview), staged for download",
    request: getContractEnvelopeCommand,
    reply: contractPdfContent,
  }),
  verify: defineCommand({
    name: 'compliance.verify_contract',
    summary: "a signed contract's public verification by its code",
    request: verifyContractCommand,
    reply: publicContractVerification,
  }),
} as const;
