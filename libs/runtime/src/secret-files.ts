import { readFileSync } from 'node:fs';

/** Settings that hold secrets: each may come from a file named by `<NAME>_FILE` instead. */
export const SECRET_SETTINGS = [
  'OPERATOR_TOKEN',
  'JWT_SECRET',
  'HANDOFF_SECRET',
  'WEBHOOK_SECRET_KEY',
] as const;

/**
 * Fills each secret setting from the file its `<NAME>_FILE` names (docker compose and Kubernetes
 * mount secrets as files), unless the setting itself is given. Trailing whitespace is dropped.
 * Runs once at boot, before the settings are read.
 */
export function loadSecretFiles(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file || env[name]) continue;
    try {
      env[name] = readFileSync(file, 'utf8').trimEnd();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`${name}_FILE: cannot read ${file} (${reason})`);
    }
  }
}
