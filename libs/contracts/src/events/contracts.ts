import { z } from 'zod';
import { idField } from './fields';

/**
 * `compliance.contract_signed`: an account signed a contract envelope (decisions D11); the
 * signed PDF is kept and its hash recorded. No public event names it. Stream:
 * `contract-envelope-<envelope_id>`.
 */
export const contractSignedSchema = z.object({
  envelope_id: idField,
  account_id: idField,
  template_id: idField,
  template_name: z.string().min(1),
  template_version: z.number().int().min(1),
  code: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  signed_at: z.string().min(1),
});
export type ContractSigned = z.infer<typeof contractSignedSchema>;
