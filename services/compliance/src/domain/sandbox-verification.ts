import type { VerificationKind, VerifiedIdentity } from '@platform/contracts';
import { riskBandOf } from './verification-decide';
import type { Outcome } from './verification-events';

/** What the sandbox asks a person to fix when the name is `REVIEW` (D8). */
export const SANDBOX_REVIEW_COMMENTS = [
  'The identity document photo is not legible: upload a sharper image of the whole document.',
];

/**
 * The sandbox's decision (D8), by the last name of a person or the legal name of a company:
 * `REJECT` rejected, `REVIEW` pending with comments, anything else approved.
 */
export function sandboxOutcome(kind: VerificationKind, identity: VerifiedIdentity | null): Outcome {
  const name = (kind === 'kyc' ? identity?.last_name : identity?.legal_name) ?? '';
  const key = name.trim().toUpperCase();
  const decision = key === 'REJECT' ? 'reject' : key === 'REVIEW' ? 'request_changes' : 'approve';
  return {
    type: 'decided',
    decision,
    comments: decision === 'request_changes' ? SANDBOX_REVIEW_COMMENTS : [],
    risk_band: riskBandOf(decision),
  };
}
