import { assertConsentCovers, CONSENT_TTL_MS, decide, statusAt } from './consent';

const now = new Date('2026-03-01T12:00:00Z');
const pending = {
  status: 'pending' as const,
  expires_at: new Date(now.getTime() + CONSENT_TTL_MS),
};

describe('consent links (spec §3)', () => {
  it('moves a pending link to granted or revoked', () => {
    expect(decide(pending, 'authorize', now)).toBe('granted');
    expect(decide(pending, 'decline', now)).toBe('revoked');
    expect(decide(pending, 'revoke', now)).toBe('revoked');
  });

  it.each(['granted', 'revoked', 'expired'] as const)('refuses to move a %s link', (status) => {
    expect(() => decide({ ...pending, status }, 'authorize', now)).toThrow(
      expect.objectContaining({ code: 'already_decided' }),
    );
  });

  it('expires a pending link at its expiry, even before the expiry job ran', () => {
    const at_expiry = new Date(pending.expires_at.getTime());
    expect(statusAt(pending, new Date(at_expiry.getTime() - 1))).toBe('pending');
    expect(statusAt(pending, at_expiry)).toBe('expired');
    expect(() => decide(pending, 'authorize', at_expiry)).toThrow(
      expect.objectContaining({ code: 'already_decided' }),
    );
  });

  it('covers a report only with a granted link of the same subject', () => {
    const granted = { ...pending, status: 'granted' as const, subject_id: 'AR-1' };
    expect(() => assertConsentCovers(granted, 'AR-1', now)).not.toThrow();
    expect(() => assertConsentCovers(null, 'AR-1', now)).toThrow(
      expect.objectContaining({ code: 'link_inactive' }),
    );
    expect(() => assertConsentCovers({ ...granted, status: 'pending' }, 'AR-1', now)).toThrow(
      expect.objectContaining({ code: 'link_inactive' }),
    );
    expect(() => assertConsentCovers(granted, 'AR-2', now)).toThrow(
      expect.objectContaining({ code: 'holder_mismatch' }),
    );
  });
});
