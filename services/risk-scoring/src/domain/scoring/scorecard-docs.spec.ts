import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BAND_FLOORS, MAX_SCORE } from './bands';
import { overriddenBureauRecord } from './sandbox-bureau-data';
import { scoreSubject } from './scorecard';
import type { BureauRecord, PlatformHistory } from './sources';

/** The scorecard as the documentation publishes it: docs/credit-scoring.md. */
const DOCS = readFileSync(path.resolve(__dirname, '../../../../../docs/credit-scoring.md'), 'utf8');

/** The rows of the first Markdown table after `heading`, as trimmed cells (header row dropped). */
function tableAfter(heading: string): string[][] {
  const lines = DOCS.slice(DOCS.indexOf(heading)).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const NO_HISTORY: PlatformHistory = {
  payouts_completed: 0,
  payouts_failed: 0,
  payins_credited: 0,
  verified_holder: false,
};

/** The points the scorecard gives factor `code` of a neutral subject changed by the overrides. */
function impactOf(
  code: string,
  bureau: Partial<BureauRecord> = {},
  history: Partial<PlatformHistory> = {},
): number | undefined {
  const evaluation = scoreSubject({
    bureau: { ...overriddenBureauRecord(700), ...bureau },
    history: { ...NO_HISTORY, ...history },
  });
  return evaluation?.factors.find((factor) => factor.code === code)?.impact;
}

const signed = (points: number | undefined) =>
  points !== undefined && points > 0 ? `+${points}` : String(points);

describe('the scorecard of docs/credit-scoring.md', () => {
  const rows = tableAfter('## The scorecard');

  it('lists exactly the factors the scorecard can give', () => {
    const everything = scoreSubject({
      bureau: { score: 700, delinquencies_12m: 1, credit_history_months: 1, inquiries_6m: 9 },
      history: {
        payouts_completed: 1,
        payouts_failed: 1,
        payins_credited: 1,
        verified_holder: true,
      },
    })!;
    expect(rows.map(([code]) => code!.replace(/`/g, ''))).toEqual(
      everything.factors.map((factor) => factor.code),
    );
  });

  it('publishes the points the scorecard gives, per unit and at each cap', () => {
    const published = Object.fromEntries(
      rows.map(([code, , , points]) => [code!.replace(/`/g, ''), points]),
    );
    const bureau = (code: string, record: Partial<BureauRecord>) => impactOf(code, record);
    const history = (code: string, record: Partial<PlatformHistory>) => impactOf(code, {}, record);
    const each = (one: number | undefined, cap: number | undefined) =>
      `${signed(one)} each, at most ${signed(cap)}`;
    expect(published).toEqual({
      bureau_score: `${signed(impactOf('bureau_score'))} (the base)`,
      delinquencies: each(
        bureau('delinquencies', { delinquencies_12m: 1 }),
        bureau('delinquencies', { delinquencies_12m: 99 }),
      ),
      short_credit_history: `${signed(bureau('short_credit_history', { credit_history_months: 6 }))} (under 6 months: ${signed(bureau('short_credit_history', { credit_history_months: 5 }))})`,
      recent_inquiries: `${signed(bureau('recent_inquiries', { inquiries_6m: 3 }))} per inquiry over 2, at most ${signed(bureau('recent_inquiries', { inquiries_6m: 99 }))}`,
      platform_payouts_completed: each(
        history('platform_payouts_completed', { payouts_completed: 1 }),
        history('platform_payouts_completed', { payouts_completed: 999 }),
      ),
      platform_payouts_failed: each(
        history('platform_payouts_failed', { payouts_failed: 1 }),
        history('platform_payouts_failed', { payouts_failed: 999 }),
      ),
      platform_payins_credited: each(
        history('platform_payins_credited', { payins_credited: 1 }),
        history('platform_payins_credited', { payins_credited: 999 }),
      ),
      platform_verified_holder: signed(
        history('platform_verified_holder', { verified_holder: true }),
      ),
    });
  });

  it('applies each factor exactly when the documentation says', () => {
    // "late payments in the last 12 months", "history under 24 months", "more than 2 inquiries"
    expect(impactOf('delinquencies', { delinquencies_12m: 0 })).toBeUndefined();
    expect(impactOf('short_credit_history', { credit_history_months: 24 })).toBeUndefined();
    expect(impactOf('short_credit_history', { credit_history_months: 23 })).toBeLessThan(0);
    expect(impactOf('recent_inquiries', { inquiries_6m: 2 })).toBeUndefined();
    expect(impactOf('recent_inquiries', { inquiries_6m: 4 })).toBe(
      2 * impactOf('recent_inquiries', { inquiries_6m: 3 })!,
    );
    for (const code of [
      'platform_payouts_completed',
      'platform_payouts_failed',
      'platform_payins_credited',
      'platform_verified_holder',
    ])
      expect(impactOf(code)).toBeUndefined();
  });

  it('publishes the band floors the scorecard uses', () => {
    const published = tableAfter('### Bands').map(([band, range]) => [band, range]);
    const ceilings = [MAX_SCORE, ...BAND_FLOORS.map((floor) => floor.min_score - 1)];
    expect(published).toEqual(
      BAND_FLOORS.map((floor, index) => [floor.band, `${floor.min_score} - ${ceilings[index]}`]),
    );
  });
});
