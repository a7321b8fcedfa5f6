import type { PoisonPolicy } from '@platform/persistence';
import type { SharedSettings } from './shared.settings';

/** The workers' poison policy from a service's settings (DEAD_LETTER_*, shared by its workers). */
export function poisonPolicyOf(
  settings: Pick<SharedSettings, 'DEAD_LETTER_MAX_ATTEMPTS' | 'DEAD_LETTER_BACKOFF_MS'>,
): Partial<PoisonPolicy> {
  const { DEAD_LETTER_MAX_ATTEMPTS: max_attempts, DEAD_LETTER_BACKOFF_MS: backoff_ms } = settings;
  return {
    ...(max_attempts === undefined ? {} : { max_attempts }),
    ...(backoff_ms === undefined ? {} : { backoff_initial_ms: backoff_ms }),
  };
}
