import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';

/**
 * Signature proofs (decisions D9): a statement signed by one of the account's segregated
 * wallets, published at a public verification page. The signed message is the statement itself
 * (EIP-191 on eth, TRON message signing on tron), so anyone verifies it with standard tools.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
/** The environment's own public address, which `verify_url` starts with. */
const baseUrl = z.string().url();

export const SIGNATURE_PROOF_STATUSES = ['signed', 'revoked'] as const;
export type SignatureProofStatus = (typeof SIGNATURE_PROOF_STATUSES)[number];
export const MAX_STATEMENT_LENGTH = 280;
export const MAX_PURPOSE_LENGTH = 100;

/** `POST /v1/signature-proofs`. */
export const createSignatureProofBody = z
  .object({
    wallet_id: z.string().max(200).describe("one of the account's segregated wallets"),
    statement: z
      .string()
      .max(10_000)
      .describe(
        `the text to sign, 1 to ${MAX_STATEMENT_LENGTH} characters (\`invalid_statement\`)`,
      ),
    purpose: z
      .string()
      .max(1000)
      .describe(
        `what the proof is for, 1 to ${MAX_PURPOSE_LENGTH} characters (\`invalid_purpose\`)`,
      ),
  })
  .strict();
export type CreateSignatureProofBody = z.infer<typeof createSignatureProofBody>;
export const createSignatureProofCommand = z
  .object({ account_id: id, org_id: id, base_url: baseUrl, ...createSignatureProofBody.shape })
  .strict();
export type CreateSignatureProofCommand = z.infer<typeof createSignatureProofCommand>;

export const signatureProofResource = z.object({
  proof_id: z.string(),
  proof_code: z.string().describe('the public code of the verification page'),
  verify_url: z.string().describe('the public verification page, no credentials needed'),
  status: z.enum(SIGNATURE_PROOF_STATUSES),
  wallet_id: z.string(),
  signature: z.string().describe("`0x` + r, s, v: the wallet's signature of `statement`"),
  address: z.string(),
  chain: z.enum(['tron', 'eth']),
  statement: z.string(),
  purpose: z.string(),
  created_at: instant,
  revoked_at: instant.nullable(),
});
export type SignatureProofResource = z.infer<typeof signatureProofResource>;

export const listSignatureProofsCommand = z
  .object({
    account_id: id,
    org_id: id,
    base_url: baseUrl,
    from: z.string().optional(),
    to: z.string().optional(),
    status: z.string().max(40).optional(),
    purpose: z.string().max(1000).optional(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListSignatureProofsCommand = z.infer<typeof listSignatureProofsCommand>;

export const signatureProofRefCommand = z
  .object({ account_id: id, base_url: baseUrl, proof_id: id })
  .strict();
export type SignatureProofRefCommand = z.infer<typeof signatureProofRefCommand>;

/** `GET /v1/public/signature-proofs/{code}`. */
export const verifySignatureProofCommand = z.object({ proof_code: z.string().max(200) }).strict();
export type VerifySignatureProofCommand = z.infer<typeof verifySignatureProofCommand>;
export const publicSignatureProof = z.object({
  proof_code: z.string(),
  status: z.enum(SIGNATURE_PROOF_STATUSES),
  verified: z
    .boolean()
    .describe("the signature, checked again now, is the address's signature of the statement"),
  statement: z.string(),
  purpose: z.string(),
  address: z.string(),
  chain: z.enum(['tron', 'eth']),
  signature: z.string(),
  signed_message_standard: z.enum(['EIP-191', 'TIP-191']),
  created_at: instant,
  revoked_at: instant.nullable(),
});
export type PublicSignatureProof = z.infer<typeof publicSignatureProof>;

export const SIGNATURE_PROOF_COMMANDS = {
  create: defineCommand({
    name: 'crypto-wallets.create_signature_proof',
    summary: "sign a statement with one of the account's segregated wallets, as a public proof",
    request: createSignatureProofCommand,
    reply: signatureProofResource,
  }),
  list: defineCommand({
    name: 'crypto-wallets.list_signature_proofs',
    summary: "the account's signature proofs, newest first, filtered",
    request: listSignatureProofsCommand,
    reply: z.object({ proofs: z.array(signatureProofResource) }),
  }),
  get: defineCommand({
    name: 'crypto-wallets.get_signature_proof',
    summary: "one of the account's signature proofs",
    request: signatureProofRefCommand,
    reply: signatureProofResource,
  }),
  revoke: defineCommand({
    name: 'crypto-wallets.revoke_signature_proof',
    summary: "revoke one of the account's signature proofs (idempotent)",
    request: signatureProofRefCommand,
    reply: signatureProofResource,
  }),
  verify: defineCommand({
    name: 'crypto-wallets.verify_signature_proof',
    summary: 'a signature proof by its public code, its signature checked again',
    request: verifySignatureProofCommand,
    reply: publicSignatureProof,
  }),
} as const;
