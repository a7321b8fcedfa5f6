import { z } from 'zod';

/**
 * Files an account sends as evidence (decisions D8): to a firewall review, or with the answer to
 * a payment dispute. The same limits and types hold for both.
 */
export const EVIDENCE_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** The content types an evidence file may have; compliance reads the type from the bytes. */
export const EVIDENCE_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export type EvidenceContentType = (typeof EVIDENCE_CONTENT_TYPES)[number];

/** One uploaded file, base64 as the gateway received it; the type is sniffed by compliance. */
export const uploadedEvidenceFile = z
  .object({ filename: z.string().max(255), content_base64: z.string() })
  .strict();
export type UploadedEvidenceFile = z.infer<typeof uploadedEvidenceFile>;

/** A stored evidence file's bytes, as a download answers them. */
export const evidenceFileContent = z.object({
  filename: z.string(),
  content_type: z.enum(EVIDENCE_CONTENT_TYPES),
  content_base64: z.string(),
});
export type EvidenceFileContent = z.infer<typeof evidenceFileContent>;
