import { randomBytes, hkdfSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SharedSettings } from './shared.settings';

/**
 * The HS256 key of environment handoff tokens: live signs, test verifies, so both derive it
 * from one secret they share. It is derived (HKDF-SHA256, its own label) and never equals a
 * session signing key, which stays per environment.
 * 1. `HANDOFF_SECRET` when configured (at least 32 characters, checked by its schema): give both
 *    environments the same.
 * 2. Otherwise `OPERATOR_TOKEN`, which both environments share when it is configured once for
 *    the process; with per-environment operator tokens the test environment refuses every token.
 * Null when neither is set: the environment does not take part in handoffs.
 */
export function environmentHandoffKey(
  settings: Pick<SharedSettings, 'HANDOFF_SECRET' | 'OPERATOR_TOKEN'>,
): Buffer | null {
  const configured = settings.HANDOFF_SECRET;
  if (configured) return derive(configured);
  return settings.OPERATOR_TOKEN ? derive(settings.OPERATOR_TOKEN) : null;
}

function derive(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'environment-handoff', 'platform handoff v1', 32));
}

/**
 * For a runtime hosting both environments: `HANDOFF_SECRET` when configured, otherwise a random
 * secret kept in `<data_dir>/handoff-secret` (mode 0600), so both environments of this
 * DATA_DIR trust each other's handoff tokens across restarts with no setup.
 */
export function sharedHandoffSecret(data_dir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(data_dir, 'handoff-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(data_dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
