import { newApiKey, parseApiKeyLabel, parseApiKeyToken } from './api-key';

describe('API key tokens', () => {
  it('carries the prefix of its environment and parses back to its parts', () => {
    const test_key = newApiKey('test');
    expect(test_key.token).toMatch(/^pk_test_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(parseApiKeyToken('test', test_key.token)).toEqual({
      key_id: test_key.key_id,
      secret: test_key.secret,
    });
    const live_key = newApiKey('live');
    expect(live_key.token).toMatch(/^pk_[0-9a-f]{16}\./);
    expect(parseApiKeyToken('live', live_key.token)).toEqual({
      key_id: live_key.key_id,
      secret: live_key.secret,
    });
  });

  it('is refused by the other environment and when malformed', () => {
    expect(parseApiKeyToken('live', newApiKey('test').token)).toBeNull();
    expect(parseApiKeyToken('test', newApiKey('live').token)).toBeNull();
    const { token } = newApiKey('test');
    expect(parseApiKeyToken('test', `${token}.extra`)).toBeNull();
    expect(parseApiKeyToken('test', token.slice(0, -1))).toBeNull();
    expect(parseApiKeyToken('test', 'pk_test_nothex.secret')).toBeNull();
  });
});

describe('API key labels', () => {
  it('keeps 1 to 60 characters and refuses the rest with invalid_label', () => {
    expect(parseApiKeyLabel('  payroll  ')).toBe('payroll');
    expect(parseApiKeyLabel('x'.repeat(60))).toHaveLength(60);
    for (const label of [undefined, '', '   ', 'x'.repeat(61)]) {
      let code: string | undefined;
      try {
        parseApiKeyLabel(label);
      } catch (error) {
        code = (error as { code?: string }).code;
      }
      expect(code).toBe('invalid_label');
    }
  });
});
