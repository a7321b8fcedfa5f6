import type { CreditBand } from '@platform/contracts';

export const MIN_SCORE = 300;
export const MAX_SCORE = 850;

/** The lowest score of each band, best first (documented in docs/credit-scoring.md). */
export const BAND_FLOORS: readonly { band: CreditBand; min_score: number }[] = [
  { band: 'A', min_score: 750 },
  { band: 'B', min_score: 670 },
  { band: 'C', min_score: 580 },
  { band: 'D', min_score: 500 },
  { band: 'E', min_score: MIN_SCORE },
];

/** The band of a score: A for 750 and above down to E below 500. */
export function bandOf(score: number): CreditBand {
  return BAND_FLOORS.find((floor) => score >= floor.min_score)?.band ?? 'E';
}

export function clampScore(points: number): number {
  return Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.round(points)));
}
