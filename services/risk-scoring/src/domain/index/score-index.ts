import { CREDIT_BANDS, type CreditBand } from '@platform/contracts';

/** The latest report of one subject: its score and band, or none (`no_score`). */
export interface LatestSubjectScore {
  score: number | null;
  band: CreditBand | null;
}

export interface ScoreDistribution {
  subjects: number;
  scored_subjects: number;
  average_score: number | null;
  median_score: number | null;
  min_score: number | null;
  max_score: number | null;
  bands: Record<CreditBand, number>;
}

/**
 * The distribution of the latest scores of an account's reported subjects (pure): one entry per
 * subject. The average is rounded to a whole point; the median of an even count is the mean of
 * the two middle scores (it may end in .5).
 */
export function scoreDistribution(latest: readonly LatestSubjectScore[]): ScoreDistribution {
  const bands = Object.fromEntries(CREDIT_BANDS.map((band) => [band, 0])) as Record<
    CreditBand,
    number
  >;
  const scores: number[] = [];
  for (const entry of latest) {
    if (entry.score === null || entry.band === null) continue;
    scores.push(entry.score);
    bands[entry.band] += 1;
  }
  scores.sort((a, b) => a - b);
  const count = scores.length;
  if (count === 0)
    return {
      subjects: latest.length,
      scored_subjects: 0,
      average_score: null,
      median_score: null,
      min_score: null,
      max_score: null,
      bands,
    };
  const middle = Math.floor(count / 2);
  return {
    subjects: latest.length,
    scored_subjects: count,
    average_score: Math.round(scores.reduce((sum, score) => sum + score, 0) / count),
    median_score: count % 2 === 1 ? scores[middle] : (scores[middle - 1] + scores[middle]) / 2,
    min_score: scores[0],
    max_score: scores[count - 1],
    bands,
  };
}
