import { authenticator } from 'otplib';
import { parseSettings, type PlatformContext } from '@platform/runtime';
import { identitySettingsSchema } from '../identity.settings';
import { TotpSecrets } from './totp-secrets';

function secretsFor(operator_token: string): TotpSecrets {
  const context = { environment: 'test' } as unknown as PlatformContext;
  const settings = parseSettings(identitySettingsSchema, { OPERATOR_TOKEN: operator_token });
  return new TotpSecrets(context, settings);
}

describe('TotpSecrets', () => {
  const secrets = secretsFor('operator-token-one');

  it('seals a secret so that only the same environment key opens it', () => {
    const secret = secrets.generate();
    const sealed = secrets.encrypt(secret);
    expect(sealed.toString('utf8')).not.toContain(secret);
    expect(secrets.decrypt(sealed)).toBe(secret);
    expect(() => secretsFor('operator-token-two').decrypt(sealed)).toThrow();
  });

  it('answers the time step of a right code, within one step of drift, and null otherwise', () => {
    // A fixed secret and instant: the codes of neighbouring steps are known to differ.
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = new Date('2026-03-01T12:00:10Z');
    const step = Math.floor(now.getTime() / 30_000);
    const at = (offset_ms: number) =>
      authenticator.clone({ epoch: now.getTime() + offset_ms }).generate(secret);
    expect(secrets.acceptedStep(at(0), secret, now)).toBe(step);
    expect(secrets.acceptedStep(at(-30_000), secret, now)).toBe(step - 1);
    expect(secrets.acceptedStep(at(30_000), secret, now)).toBe(step + 1);
    expect(secrets.acceptedStep(at(120_000), secret, now)).toBeNull();
    expect(secrets.acceptedStep('not a code', secret, now)).toBeNull();
  });

  it('builds the otpauth URI an authenticator app scans', () => {
    expect(secrets.uri('ada@example.com', 'Demo', 'JBSWY3DPEHPK3PXP')).toMatch(
      /^otpauth:\/\/totp\/Demo:ada%40example\.com\?secret=JBSWY3DPEHPK3PXP/,
    );
  });
});
