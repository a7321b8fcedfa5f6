import { DomainError, type RiskConsentStatus } from '@platform/contracts';

/** How long a pending consent link waits for its holder (documented in docs/credit-scoring.md). */
export const CONSENT_TTL_MS = 7 * 24 * 3600 * 1000;

export interface ConsentState {
  status: RiskConsentStatus;
  expires_at: Date;
}

export type ConsentDecision = 'authorize' | 'decline' | 'revoke';

/**
 * The status a consent link has at `now` (spec §3): a pending link past its expiry is
 * `expired`, whether or not the expiry job has run yet.
 */
export function statusAt(consent: ConsentState, now: Date): RiskConsentStatus {
  if (consent.status === 'pending' && consent.expires_at.getTime() <= now.getTime())
    return 'expired';
  return consent.status;
}

/**
 * The status a decision moves a pending link to; a decided (or expired) link cannot move
 * again: 409 `already_decided`.
 */
export function decide(
  consent: ConsentState,
  decision: ConsentDecision,
  now: Date,
): RiskConsentStatus {
  const current = statusAt(consent, now);
  if (current !== 'pending')
    throw new DomainError('already_decided', `this consent link is already ${current}`);
  switch (decision) {
    case 'authorize':
      return 'granted';
    case 'decline':
    case 'revoke':
      return 'revoked';
    default: {
      const unhandled: never = decision;
      throw new Error(`unknown consent decision ${String(unhandled)}`);
    }
  }
}

/**
 * A report on a person needs a granted consent of that very subject (decisions D10):
 * none or not granted 409 `link_inactive`, another subject's 409 `holder_mismatch`.
 */
export function assertConsentCovers(
  consent: (ConsentState & { subject_id: string }) | null,
  subject_id: string,
  now: Date,
): void {
  if (!consent)
    throw new DomainError('link_inactive', 'a person needs a granted consent link for a report');
  if (consent.subject_id !== subject_id)
    throw new DomainError('holder_mismatch', 'the consent link is of another subject');
  if (statusAt(consent, now) !== 'granted')
    throw new DomainError(
      'link_inactive',
      `the consent link is ${statusAt(consent, now)}, not granted`,
    );
}
