import type { CreditBand, RiskFactor } from '@platform/contracts';
import { bandOf, clampScore } from './bands';
import type { BureauRecord, PlatformHistory, ScoringSources } from './sources';

export interface Evaluation {
  score: number;
  band: CreditBand;
  factors: RiskFactor[];
}

interface Rule<Source> {
  code: string;
  /** Signed points, or null when the rule does not apply to this subject. */
  points: (source: Source) => number | null;
  describe: (source: Source, points: number) => string;
}

const capped = (value: number, cap: number) => Math.min(value, cap);

/**
 * The scorecard (decisions D10), documented with the same numbers in docs/credit-scoring.md:
 * the bureau's score is the base, each rule adds signed points, the sum is clamped to 300-850.
 * A neutral subject (no delinquency, 24 months or more of history, at most 2 inquiries, no
 * platform history) scores exactly the bureau's score.
 */
const BUREAU_RULES: readonly Rule<BureauRecord>[] = [
  {
    code: 'bureau_score',
    points: () => 0,
    describe: (bureau) => `The bureau rates the subject ${bureau.score}; this is the base score.`,
  },
  {
    code: 'delinquencies',
    points: (bureau) =>
      bureau.delinquencies_12m > 0 ? -capped(bureau.delinquencies_12m * 40, 120) : null,
    describe: (bureau) =>
      `${bureau.delinquencies_12m} late payment(s) reported in the last 12 months.`,
  },
  {
    code: 'short_credit_history',
    points: (bureau) =>
      bureau.credit_history_months < 24 ? (bureau.credit_history_months < 6 ? -30 : -15) : null,
    describe: (bureau) => `A credit history of only ${bureau.credit_history_months} month(s).`,
  },
  {
    code: 'recent_inquiries',
    points: (bureau) =>
      bureau.inquiries_6m > 2 ? -capped((bureau.inquiries_6m - 2) * 10, 50) : null,
    describe: (bureau) => `${bureau.inquiries_6m} credit inquiries in the last 6 months.`,
  },
];

const HISTORY_RULES: readonly Rule<PlatformHistory>[] = [
  {
    code: 'platform_payouts_completed',
    points: (history) =>
      history.payouts_completed > 0 ? capped(history.payouts_completed * 5, 25) : null,
    describe: (history) =>
      `${history.payouts_completed} payment(s) received on this platform completed.`,
  },
  {
    code: 'platform_payouts_failed',
    points: (history) =>
      history.payouts_failed > 0 ? -capped(history.payouts_failed * 15, 45) : null,
    describe: (history) =>
      `${history.payouts_failed} payment(s) to this subject failed on this platform.`,
  },
  {
    code: 'platform_payins_credited',
    points: (history) =>
      history.payins_credited > 0 ? capped(history.payins_credited * 5, 25) : null,
    describe: (history) =>
      `${history.payins_credited} payment(s) made by this subject on this platform were credited.`,
  },
  {
    code: 'platform_verified_holder',
    points: (history) => (history.verified_holder ? 20 : null),
    describe: () => 'The subject holds a verified account on this platform.',
  },
];

function applied<Source>(rules: readonly Rule<Source>[], source: Source): RiskFactor[] {
  const factors: RiskFactor[] = [];
  for (const rule of rules) {
    const points = rule.points(source);
    if (points === null) continue;
    factors.push({ code: rule.code, impact: points, description: rule.describe(source, points) });
  }
  return factors;
}

/**
 * The subject's score, band and the factors that explain it; null when the bureau has no
 * record of the subject (`no_score`): platform history alone is too thin to score.
 */
export function scoreSubject(sources: ScoringSources): Evaluation | null {
  if (!sources.bureau) return null;
  const factors = [
    ...applied(BUREAU_RULES, sources.bureau),
    ...(sources.history ? applied(HISTORY_RULES, sources.history) : []),
  ];
  const score = clampScore(
    factors.reduce((sum, factor) => sum + factor.impact, clampScore(sources.bureau.score)),
  );
  return { score, band: bandOf(score), factors };
}
