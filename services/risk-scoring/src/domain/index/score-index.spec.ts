import { scoreDistribution } from './score-index';

describe('score index', () => {
  it('counts subjects per band, with the average, median, minimum and maximum', () => {
    expect(
      scoreDistribution([
        { score: 800, band: 'A' },
        { score: 640, band: 'C' },
        { score: 700, band: 'B' },
        { score: null, band: null },
      ]),
    ).toEqual({
      subjects: 4,
      scored_subjects: 3,
      average_score: 713,
      median_score: 700,
      min_score: 640,
      max_score: 800,
      bands: { A: 1, B: 1, C: 1, D: 0, E: 0 },
    });
  });

  it('takes the mean of the two middle scores for an even count', () => {
    const index = scoreDistribution([
      { score: 501, band: 'E' },
      { score: 600, band: 'D' },
      { score: 650, band: 'C' },
      { score: 820, band: 'A' },
    ]);
    expect(index.median_score).toBe(625);
    expect(index.average_score).toBe(643);
  });

  it('has no figures but counts the subjects when none is scored', () => {
    expect(scoreDistribution([{ score: null, band: null }])).toEqual({
      subjects: 1,
      scored_subjects: 0,
      average_score: null,
      median_score: null,
      min_score: null,
      max_score: null,
      bands: { A: 0, B: 0, C: 0, D: 0, E: 0 },
    });
    expect(scoreDistribution([]).subjects).toBe(0);
  });
});
