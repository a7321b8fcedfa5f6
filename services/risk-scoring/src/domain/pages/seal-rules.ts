import { DomainError, type SealStatus } from '@platform/contracts';

/**
 * Company seals (decisions D10, spec §8): a verified company whose evaluation is in band A or B
 * and at most 90 days old may publish a seal; the seal lasts until 90 days after that evaluation
 * or until the company revokes it.
 */
export const SEAL_BANDS: readonly string[] = ['A', 'B'];
export const SEAL_EVALUATION_MAX_AGE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The evaluation a seal would attest: the company's latest own report. */
export interface SealEvaluation {
  report_id: string;
  band: string | null;
  evaluated_at: Date;
}

/** The seal the company already shows, if any. */
export interface ActiveSeal {
  report_id: string;
}

export type SealIssueDecision =
  { kind: 'issue'; expires_at: Date; replaces_active: boolean } | { kind: 'keep_active' };

/**
 * Whether `POST /v1/qscore/my-seal` issues a seal: companies only (`seal_companies_only`), an
 * evaluation in band A or B no older than 90 days (`seal_not_eligible`). A seal already showing
 * that evaluation is kept; a newer evaluation replaces it.
 */
export function decideSealIssue(input: {
  account_type: string;
  evaluation: SealEvaluation | null;
  active: ActiveSeal | null;
  now: Date;
}): SealIssueDecision {
  if (input.account_type !== 'company')
    throw new DomainError('seal_companies_only', 'seals are for company accounts only');
  const { evaluation } = input;
  if (!evaluation)
    throw new DomainError(
      'seal_not_eligible',
      'no own report yet: request one with POST /v1/qscore/my-report first',
    );
  if (evaluation.band === null || !SEAL_BANDS.includes(evaluation.band))
    throw new DomainError(
      'seal_not_eligible',
      `a seal needs an evaluation in band ${SEAL_BANDS.join(' or ')}; the latest is ${evaluation.band ?? 'unscored'}`,
    );
  const expires_at = sealExpiry(evaluation.evaluated_at);
  if (expires_at.getTime() <= input.now.getTime())
    throw new DomainError(
      'seal_not_eligible',
      `the latest evaluation is more than ${SEAL_EVALUATION_MAX_AGE_DAYS} days old: request a new own report`,
    );
  if (input.active?.report_id === evaluation.report_id) return { kind: 'keep_active' };
  return { kind: 'issue', expires_at, replaces_active: input.active !== null };
}

/** A seal ends 90 days after the evaluation it attests. */
export function sealExpiry(evaluated_at: Date): Date {
  return new Date(evaluated_at.getTime() + SEAL_EVALUATION_MAX_AGE_DAYS * DAY_MS);
}

/** What a seal is at `now`: revoked wins over expired. */
export function sealStatusAt(
  seal: { revoked_at: Date | null; expires_at: Date },
  now: Date,
): SealStatus {
  if (seal.revoked_at) return 'revoked';
  return seal.expires_at.getTime() <= now.getTime() ? 'expired' : 'valid';
}

const SEAL_CODE = /^QS(?:-[0-9A-F]{4}){4}$/;

/** A public code from 8 random bytes: `QS-` and four groups of four hex digits. */
export function sealCodeOf(random_bytes: Uint8Array): string {
  if (random_bytes.length < 8) throw new RangeError('a seal code needs 8 random bytes');
  const hex = Array.from(random_bytes.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return `QS-${hex.match(/.{4}/g)!.join('-')}`;
}

/** Whether `text` could be a seal code (anything else is an unknown seal without a lookup). */
export function isSealCode(text: string): boolean {
  return SEAL_CODE.test(text);
}
