import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The operator credential of one environment: OPERATOR_TOKEN when configured, otherwise a random
 * token kept in `<data_dir>/operator-token` (mode 0600) where the CLI on this machine finds it.
 */
export function operatorToken(data_dir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(data_dir, 'operator-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(data_dir, { recursive: true });
  const token = `op_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
