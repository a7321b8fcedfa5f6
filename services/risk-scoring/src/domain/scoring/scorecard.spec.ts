import fc from 'fast-check';
import { BAND_FLOORS, bandOf, MAX_SCORE, MIN_SCORE } from './bands';
import { overriddenBureauRecord, sandboxBureauRecord } from './sandbox-bureau-data';
import { scoreSubject } from './scorecard';
import type { BureauRecord, PlatformHistory } from './sources';

const bureauArb: fc.Arbitrary<BureauRecord> = fc.record({
  score: fc.integer({ min: 0, max: 2000 }),
  delinquencies_12m: fc.nat(50),
  credit_history_months: fc.nat(600),
  inquiries_6m: fc.nat(50),
});
const historyArb: fc.Arbitrary<PlatformHistory> = fc.record({
  payouts_completed: fc.nat(1000),
  payouts_failed: fc.nat(1000),
  payins_credited: fc.nat(1000),
  verified_holder: fc.boolean(),
});
const neutral: BureauRecord = overriddenBureauRecord(700);

describe('the scorecard (decisions D10)', () => {
  it('scores within 300-850, the sum of its factors on the bureau base, clamped', () => {
    fc.assert(
      fc.property(bureauArb, fc.option(historyArb, { nil: null }), (bureau, history) => {
        const evaluation = scoreSubject({ bureau, history })!;
        expect(evaluation.score).toBeGreaterThanOrEqual(MIN_SCORE);
        expect(evaluation.score).toBeLessThanOrEqual(MAX_SCORE);
        expect(evaluation.band).toBe(bandOf(evaluation.score));
        const base = Math.min(MAX_SCORE, Math.max(MIN_SCORE, bureau.score));
        const sum = evaluation.factors.reduce((total, factor) => total + factor.impact, base);
        expect(evaluation.score).toBe(Math.min(MAX_SCORE, Math.max(MIN_SCORE, sum)));
      }),
    );
  });

  it('has no score without a bureau record', () => {
    expect(scoreSubject({ bureau: null, history: null })).toBeNull();
  });

  it('scores a neutral subject exactly the bureau score, explained by the bureau factor alone', () => {
    expect(scoreSubject({ bureau: neutral, history: null })).toEqual({
      score: 700,
      band: 'B',
      factors: [{ code: 'bureau_score', impact: 0, description: expect.stringContaining('700') }],
    });
  });

  it('takes points off for delinquencies, a short history and many inquiries, within caps', () => {
    const evaluation = scoreSubject({
      bureau: { score: 700, delinquencies_12m: 5, credit_history_months: 4, inquiries_6m: 4 },
      history: null,
    })!;
    expect(evaluation.factors.map(({ code, impact }) => [code, impact])).toEqual([
      ['bureau_score', 0],
      ['delinquencies', -120],
      ['short_credit_history', -30],
      ['recent_inquiries', -20],
    ]);
    expect(evaluation.score).toBe(530);
  });

  it("adds the platform's own payment history", () => {
    const evaluation = scoreSubject({
      bureau: neutral,
      history: {
        payouts_completed: 3,
        payouts_failed: 1,
        payins_credited: 10,
        verified_holder: true,
      },
    })!;
    expect(evaluation.factors.map(({ code, impact }) => [code, impact])).toEqual([
      ['bureau_score', 0],
      ['platform_payouts_completed', 15],
      ['platform_payouts_failed', -15],
      ['platform_payins_credited', 25],
      ['platform_verified_holder', 20],
    ]);
    expect(evaluation.score).toBe(745);
  });

  it('never scores a subject lower for more good history (monotonic)', () => {
    fc.assert(
      fc.property(bureauArb, historyArb, fc.nat(20), (bureau, history, more) => {
        const less = scoreSubject({ bureau, history })!.score;
        const better = scoreSubject({
          bureau,
          history: { ...history, payouts_completed: history.payouts_completed + more },
        })!.score;
        expect(better).toBeGreaterThanOrEqual(less);
      }),
    );
  });
});

describe('bands', () => {
  it('are monotonic in the score: a higher score never has a worse band', () => {
    const rank = (band: string) => 'ABCDE'.indexOf(band);
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 300, max: 850 }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(rank(bandOf(high))).toBeLessThanOrEqual(rank(bandOf(low)));
        },
      ),
    );
  });

  it('start at the documented floors', () => {
    expect(
      BAND_FLOORS.map(({ band, min_score }) => [band, bandOf(min_score), bandOf(min_score - 1)]),
    ).toEqual([
      ['A', 'A', 'B'],
      ['B', 'B', 'C'],
      ['C', 'C', 'D'],
      ['D', 'D', 'E'],
      ['E', 'E', 'E'],
    ]);
  });
});

describe('the sandbox bureau data', () => {
  it('has no score for an id ending 000, and a deterministic record otherwise', () => {
    expect(sandboxBureauRecord('987654000', Uint8Array.of(1, 2, 3, 4))).toBeNull();
    const record = sandboxBureauRecord('20123456786', Uint8Array.of(1, 2, 3, 4));
    expect(record).toEqual(sandboxBureauRecord('20123456786', Uint8Array.of(1, 2, 3, 4)));
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 32 }), (digest) => {
        const any = sandboxBureauRecord('123456789', digest)!;
        expect(any.score).toBeGreaterThanOrEqual(300);
        expect(any.score).toBeLessThanOrEqual(850);
      }),
    );
  });
});
