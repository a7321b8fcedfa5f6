import { challengeOfClientData, relyingPartyOf } from './passkey-relying-party';

describe('passkey relying party', () => {
  it('defaults to localhost on the port of each environment', () => {
    expect(relyingPartyOf('test', {})).toEqual({
      rp_id: 'localhost',
      origins: ['http://localhost:8080'],
    });
    expect(relyingPartyOf('live', { PORT_LIVE: 9091 })).toEqual({
      rp_id: 'localhost',
      origins: ['http://localhost:9091'],
    });
  });

  it('takes the public base address, then the configured origins and RP ID', () => {
    expect(relyingPartyOf('live', { PUBLIC_BASE_URL: 'https://api.example.com/v1' })).toEqual({
      rp_id: 'api.example.com',
      origins: ['https://api.example.com'],
    });
    expect(
      relyingPartyOf('live', {
        PASSKEY_ORIGINS: 'https://app.example.com, https://www.example.com',
        PASSKEY_RP_ID: 'example.com',
      }),
    ).toEqual({
      rp_id: 'example.com',
      origins: ['https://app.example.com', 'https://www.example.com'],
    });
  });

  it('refuses an RP ID that does not cover every origin, and non-http origins', () => {
    expect(() =>
      relyingPartyOf('live', {
        PASSKEY_ORIGINS: 'https://evil.test',
        PASSKEY_RP_ID: 'example.com',
      }),
    ).toThrow(/does not cover/);
    expect(() =>
      relyingPartyOf('live', {
        PASSKEY_ORIGINS: 'https://notexample.com',
        PASSKEY_RP_ID: 'example.com',
      }),
    ).toThrow(/does not cover/);
    expect(() => relyingPartyOf('test', { PASSKEY_ORIGINS: 'ftp://example.com' })).toThrow(
      /http\(s\)/,
    );
  });

  it('reads the challenge out of client data, and nothing out of garbage', () => {
    const client_data = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'abc_-1', origin: 'http://localhost' }),
    ).toString('base64url');
    expect(challengeOfClientData(client_data)).toBe('abc_-1');
    expect(challengeOfClientData('not json')).toBeNull();
    expect(challengeOfClientData(Buffer.from('{"challenge":7}').toString('base64url'))).toBeNull();
    expect(challengeOfClientData(Buffer.from('null').toString('base64url'))).toBeNull();
  });
});
