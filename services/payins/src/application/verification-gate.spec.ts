import { DomainError } from '@platform/contracts';
import type { IdentityPort } from './ports';
import { requireVerified } from './verification-gate';

const ACCOUNT_ID = '3f0c2d7e-5b7a-4c1e-9d1a-2b9e6f1a0c11';

/** An identity that answers `kyc_status` and counts how often it was asked. */
function identityAnswering(kyc_status: string): IdentityPort & { asked: number } {
  const identity = {
    asked: 0,
    async kycStatus() {
      identity.asked += 1;
      return kyc_status;
    },
  };
  return identity as unknown as IdentityPort & { asked: number };
}

async function refusal(work: Promise<void>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error instanceof DomainError ? `${error.code}: ${error.message}` : String(error);
  }
}

describe('requireVerified: the gate of every way of collecting money', () => {
  it("trusts the gateway's answer and asks identity nothing", async () => {
    const identity = identityAnswering('none');
    const command = { account_id: ACCOUNT_ID, kyc_status: 'approved' as const };
    expect(await refusal(requireVerified(identity, command, 'collecting'))).toBeNull();
    expect(identity.asked).toBe(0);
  });

  it.each(['none', 'pending', 'rejected'] as const)(
    'refuses a gateway answer of %s with verification_required, naming what waits',
    async (kyc_status) => {
      const identity = identityAnswering('approved');
      const command = { account_id: ACCOUNT_ID, kyc_status };
      expect(await refusal(requireVerified(identity, command, 'opening deposit accounts'))).toBe(
        'verification_required: identity verification must be approved before opening deposit accounts',
      );
      expect(identity.asked).toBe(0);
    },
  );

  it('asks identity when no credential was checked (a subscription charge, say)', async () => {
    const approved = identityAnswering('approved');
    expect(await refusal(requireVerified(approved, { account_id: ACCOUNT_ID }, 'x'))).toBeNull();
    expect(approved.asked).toBe(1);

    const pending = identityAnswering('pending');
    expect(
      await refusal(requireVerified(pending, { account_id: ACCOUNT_ID }, 'creating payins')),
    ).toBe('verification_required: identity verification must be approved before creating payins');
    expect(pending.asked).toBe(1);
  });
});
