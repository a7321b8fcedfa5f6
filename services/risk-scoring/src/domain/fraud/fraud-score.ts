import type { FraudLevel, FraudReason, FraudSignals } from '@platform/contracts';

/** The most a fraud score can be. */
export const MAX_FRAUD_SCORE = 100;

/** Lowest score of each level above `low` (a score below 25 is `low`). */
const LEVEL_FLOORS: readonly [FraudLevel, number][] = [
  ['very_high', 75],
  ['high', 50],
  ['medium', 25],
];

/** Points of the yes/no signals, with what a reader is told. */
const FLAG_POINTS = {
  device_mismatch: [20, 'the device was seen before with another identity'],
  email_mismatch: [15, 'the email is not the one on record for the document'],
  phone_mismatch: [10, 'the phone is not the one on record for the document'],
  ip_country_mismatch: [10, 'the connection comes from outside the document’s country'],
  disposable_email: [10, 'the email is of a throwaway provider'],
} as const satisfies Partial<Record<keyof FraudSignals, readonly [number, string]>>;

/** Document reuse: 25 points for the first other identity, 10 more each up to 3 (45). */
function documentReuse(count: number): FraudReason | null {
  if (count < 1) return null;
  return {
    code: 'document_reuse',
    points: 25 + 10 * (Math.min(count, 3) - 1),
    description: `the document was seen with ${count} other identit${count === 1 ? 'y' : 'ies'}`,
  };
}

/** Velocity: 3 or more applications in 24 hours 10 points, 5 or more 20, 10 or more 30. */
function velocity(count: number): FraudReason | null {
  const points = count >= 10 ? 30 : count >= 5 ? 20 : count >= 3 ? 10 : 0;
  if (points === 0) return null;
  return { code: 'velocity', points, description: `${count} applications in the last 24 hours` };
}

/** A new account: under 7 days 10 points, under 30 days 5. */
function newAccount(age_days: number | undefined): FraudReason | null {
  if (age_days === undefined || age_days >= 30) return null;
  return {
    code: 'new_account',
    points: age_days < 7 ? 10 : 5,
    description: `the applicant's account is ${age_days} day${age_days === 1 ? '' : 's'} old`,
  };
}

export interface FraudAssessment {
  fraud_score: number;
  level: FraudLevel;
  reasons: FraudReason[];
}

/**
 * The fraud score of an application (pure): the points of every signal observed, at most 100,
 * and its level. An absent signal counts as not observed. Reasons come largest first.
 */
export function assessFraud(signals: FraudSignals): FraudAssessment {
  const reasons: FraudReason[] = [];
  for (const [code, [points, description]] of Object.entries(FLAG_POINTS)) {
    if (signals[code as keyof typeof FLAG_POINTS] === true)
      reasons.push({ code, points, description });
  }
  for (const reason of [
    documentReuse(signals.document_reuse_count ?? 0),
    velocity(signals.applications_last_24h ?? 0),
    newAccount(signals.account_age_days),
  ]) {
    if (reason) reasons.push(reason);
  }
  reasons.sort((a, b) => b.points - a.points || a.code.localeCompare(b.code));
  const total = reasons.reduce((sum, reason) => sum + reason.points, 0);
  const fraud_score = Math.min(total, MAX_FRAUD_SCORE);
  return { fraud_score, level: fraudLevelOf(fraud_score), reasons };
}

export function fraudLevelOf(fraud_score: number): FraudLevel {
  return LEVEL_FLOORS.find(([, floor]) => fraud_score >= floor)?.[0] ?? 'low';
}
