import { readFileSync } from 'node:fs';
import { parseSettings, SECRET_SETTINGS, secretFileSettings } from './settings';

/**
 * Fills each secret setting from the file its `<NAME>_FILE` names (docker compose and Kubernetes
 * mount secrets as files), unless the setting itself is given. Trailing whitespace is dropped.
 * Runs once at boot, before the settings are read.
 */
export function loadSecretFiles(env: NodeJS.ProcessEnv): void {
  const files: Readonly<Record<string, string | undefined>> = parseSettings(
    secretFileSettings,
    env,
  );
  for (const name of SECRET_SETTINGS) {
    const file = files[`${name}_FILE`];
    if (!file || env[name]) continue;
    try {
      env[name] = readFileSync(file, 'utf8').trimEnd();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`${name}_FILE: cannot read ${file} (${reason})`);
    }
  }
}
