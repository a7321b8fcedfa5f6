import { scoreSubject } from '../scoring/scorecard';

const bureau = { score: 704, delinquencies_12m: 2, credit_history_months: 75, inquiries_6m: 1 };

/** A dispute resolved in the subject's favour: the factor stays listed but counts no points. */
describe('scorecard with factors corrected by a dispute', () => {
  it('gives a corrected factor no points and says why', () => {
    const before = scoreSubject({ bureau, history: null })!;
    const late = before.factors.find((factor) => factor.code === 'delinquencies')!;
    expect(late.impact).toBe(-80);
    expect(before).toMatchObject({ score: 624, band: 'C' });
    const after = scoreSubject({ bureau, history: null, corrected_factors: ['delinquencies'] })!;
    expect(after).toMatchObject({ score: 704, band: 'B' });
    expect(after.factors.find((factor) => factor.code === 'delinquencies')).toEqual({
      code: 'delinquencies',
      impact: 0,
      description: expect.stringMatching(/^Corrected after a dispute/),
    });
  });

  it('leaves every other factor, and a subject without corrections, as it was', () => {
    const corrected = scoreSubject({
      bureau: { ...bureau, credit_history_months: 12 },
      history: null,
      corrected_factors: ['delinquencies'],
    })!;
    expect(corrected.factors.find((factor) => factor.code === 'short_credit_history')?.impact).toBe(
      -15,
    );
    expect(scoreSubject({ bureau, history: null, corrected_factors: [] })).toEqual(
      scoreSubject({ bureau, history: null }),
    );
  });
});
