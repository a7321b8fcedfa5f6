import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { environmentHandoffKey, sharedHandoffSecret } from './handoff-key';
import { sessionSigningKey } from './session-key';
import { parseSettings } from './settings';
import { sharedSettings } from './shared.settings';

const SECRET = 'a handoff secret of at least thirty-two characters';

describe('environment handoff key', () => {
  it('is one key for both environments, and never a session signing key', () => {
    const key = environmentHandoffKey({ HANDOFF_SECRET: SECRET, OPERATOR_TOKEN: 'op_x' });
    expect(key).toHaveLength(32);
    expect(environmentHandoffKey({ HANDOFF_SECRET: SECRET })?.equals(key!)).toBe(true);
    for (const environment of ['test', 'live'] as const) {
      const session_key = sessionSigningKey(environment, { OPERATOR_TOKEN: 'op_x' });
      expect(session_key.equals(key!)).toBe(false);
      const from_operator = environmentHandoffKey({ OPERATOR_TOKEN: 'op_x' });
      expect(session_key.equals(from_operator!)).toBe(false);
    }
  });

  it('falls back to the operator token, and is absent without either', () => {
    const from_operator = environmentHandoffKey({ OPERATOR_TOKEN: 'op_x' });
    expect(from_operator?.equals(environmentHandoffKey({ OPERATOR_TOKEN: 'op_x' })!)).toBe(true);
    expect(from_operator?.equals(environmentHandoffKey({ OPERATOR_TOKEN: 'op_y' })!)).toBe(false);
    expect(environmentHandoffKey({})).toBeNull();
    const keys = sharedSettings.pick({ HANDOFF_SECRET: true, JWT_SECRET: true });
    expect(() => parseSettings(keys, { HANDOFF_SECRET: 'short' })).toThrow(
      /HANDOFF_SECRET: must have at least 32 characters/,
    );
    expect(() => parseSettings(keys, { JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must have at least 32 characters/,
    );
  });

  it('keeps a generated shared secret in the data directory, private to its owner', () => {
    const data_dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-'));
    const first = sharedHandoffSecret(data_dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(sharedHandoffSecret(data_dir, undefined)).toBe(first);
    expect(statSync(path.join(data_dir, 'handoff-secret')).mode & 0o777).toBe(0o600);
    expect(sharedHandoffSecret(data_dir, SECRET)).toBe(SECRET);
  });
});
