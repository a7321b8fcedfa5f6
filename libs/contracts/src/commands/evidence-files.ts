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

/**
 * A file reference on the bus, never the bytes (a Kafka broker refuses a message over ~1 MB):
 * the bytes wait in the deployment's transfer area under a key `transfers/<environment>/<uuid>`.
 */
export const TRANSFER_KEY =
  /^transfers\/[a-z]{1,20}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const transferKey = z.string().regex(TRANSFER_KEY, 'must be a transfer key');

/** One uploaded file: the gateway wrote its bytes under `upload_key`; compliance sniffs the type. */
export const uploadedEvidenceFile = z
  .object({
    filename: z.string().max(255),
    upload_key: transferKey,
    size_bytes: z.number().int().min(0),
  })
  .strict();
export type UploadedEvidenceFile = z.infer<typeof uploadedEvidenceFile>;

/**
 * A stored evidence file, as a download answers it: its bytes copied under `transfer_key`, which
 * the gateway streams to the client and then deletes.
 */
export const evidenceFileContent = z.object({
  filename: z.string(),
  content_type: z.enum(EVIDENCE_CONTENT_TYPES),
  transfer_key: transferKey,
  size_bytes: z.number().int().min(0).nullable(),
});
export type EvidenceFileContent = z.infer<typeof evidenceFileContent>;
