import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { SoftwareAuthenticator } from './software-authenticator';

const ORIGIN = 'http://localhost:8080';

async function registered(authenticator: SoftwareAuthenticator) {
  const options = await generateRegistrationOptions({
    rpName: 'Test',
    rpID: 'localhost',
    userName: 'ada@example.com',
    userID: new Uint8Array(Buffer.from('member-1')),
    attestationType: 'none',
  });
  const response = authenticator.register(options);
  const verification = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: 'localhost',
  });
  return { response, verification };
}

describe('SoftwareAuthenticator', () => {
  it('registers a credential that a WebAuthn server verifies', async () => {
    const { response, verification } = await registered(new SoftwareAuthenticator(ORIGIN));
    expect(verification.verified).toBe(true);
    expect(verification.registrationInfo?.credential.id).toBe(response.id);
    expect(verification.registrationInfo?.fmt).toBe('none');
  });

  it('signs assertions that verify, with a rising counter, and fail on another origin', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { response, verification } = await registered(authenticator);
    const credential = verification.registrationInfo!.credential;
    const options = await generateAuthenticationOptions({
      rpID: 'localhost',
      allowCredentials: [{ id: response.id }],
    });
    const assertion = authenticator.authenticate(options);
    const verified = await verifyAuthenticationResponse({
      response: assertion as unknown as AuthenticationResponseJSON,
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: 'localhost',
      credential,
    });
    expect(verified.verified).toBe(true);
    expect(verified.authenticationInfo.newCounter).toBe(1);
    expect(assertion.response.userHandle).toBe(Buffer.from('member-1').toString('base64url'));

    const elsewhere = authenticator.authenticate(options, { origin: 'https://evil.example' });
    await expect(
      verifyAuthenticationResponse({
        response: elsewhere as unknown as AuthenticationResponseJSON,
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: 'localhost',
        credential,
      }),
    ).rejects.toThrow(/origin/i);
  });
});
