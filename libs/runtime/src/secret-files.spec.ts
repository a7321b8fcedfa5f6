import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSecretFiles } from './secret-files';

describe('loadSecretFiles', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  const file = path.join(dir, 'operator_token');
  writeFileSync(file, 'op_from_a_secret\n');

  it('reads OPERATOR_TOKEN from the file OPERATOR_TOKEN_FILE names, without the newline', () => {
    const env: NodeJS.ProcessEnv = { OPERATOR_TOKEN_FILE: file };
    loadSecretFiles(env);
    expect(env.OPERATOR_TOKEN).toBe('op_from_a_secret');
  });

  it('keeps a value given directly', () => {
    const env: NodeJS.ProcessEnv = { OPERATOR_TOKEN_FILE: file, OPERATOR_TOKEN: 'op_direct' };
    loadSecretFiles(env);
    expect(env.OPERATOR_TOKEN).toBe('op_direct');
  });

  it('stops the boot naming the setting when the file cannot be read, never its content', () => {
    const env: NodeJS.ProcessEnv = { JWT_SECRET_FILE: path.join(dir, 'missing') };
    expect(() => loadSecretFiles(env)).toThrow(
      /^JWT_SECRET_FILE: cannot read .*missing \(ENOENT\)$/,
    );
  });
});
