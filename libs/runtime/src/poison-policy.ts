import { z } from 'zod';
import type { PoisonPolicy } from '@platform/persistence';

const schema = z.object({
  /** Failures of one record before a worker may set it aside (D12); 5 by default. */
  DEAD_LETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).optional(),
  /** A worker's first wait before retrying a failed record, doubled per failure; 1 s by default. */
  DEAD_LETTER_BACKOFF_MS: z.coerce.number().int().min(1).max(3_600_000).optional(),
});

/** The workers' poison policy from the settings; a bad value stops the service at boot. */
export function poisonPolicyOf(
  settings: Readonly<Record<string, string | undefined>>,
): Partial<PoisonPolicy> {
  const parsed = schema.safeParse({
    DEAD_LETTER_MAX_ATTEMPTS: settings.DEAD_LETTER_MAX_ATTEMPTS || undefined,
    DEAD_LETTER_BACKOFF_MS: settings.DEAD_LETTER_BACKOFF_MS || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration: ${problems.join('; ')}`);
  }
  const { DEAD_LETTER_MAX_ATTEMPTS: max_attempts, DEAD_LETTER_BACKOFF_MS: backoff_ms } =
    parsed.data;
  return {
    ...(max_attempts === undefined ? {} : { max_attempts }),
    ...(backoff_ms === undefined ? {} : { backoff_initial_ms: backoff_ms }),
  };
}
