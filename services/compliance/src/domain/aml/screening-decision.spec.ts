import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseListFile } from './list-formats';
import { screenSubject, type ScreeningSubject } from './screening-decision';

const LISTS = path.join(__dirname, '../../../lists');
const entries = [
  ...parseListFile('ofac_sdn_csv', readFileSync(path.join(LISTS, 'ofac-sdn.sample.csv'), 'utf8')),
  ...parseListFile('opensanctions_csv', readFileSync(path.join(LISTS, 'pep.sample.csv'), 'utf8')),
];

const person = (name: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  type: 'person',
  name,
  country: 'BO',
  ...extra,
});

describe('screenSubject', () => {
  it('an unlisted name is clear', () => {
    expect(screenSubject(person('Ana Silva'), entries, 'live')).toEqual({
      status: 'clear',
      matches: [],
    });
  });

  it('a sanctioned name in another order and script is a match', () => {
    const outcome = screenSubject(person('Дмитрий Волков'), entries, 'live');
    expect(outcome.status).not.toBe('clear');
    const exact = screenSubject(person('Dmitri Aleksandrovich Volkov'), entries, 'live');
    expect(exact).toEqual({
      status: 'match',
      matches: [
        {
          list: 'ofac_sdn',
          name: 'VOLKOV, Dmitri Aleksandrovich',
          score: 1,
          reasons: ['token_order'],
        },
      ],
    });
  });

  it('a contradicting birth date makes a close name only potential', () => {
    const outcome = screenSubject(
      person('Dmitri Aleksandrovich Volkov', { birth_date: '1990-01-01' }),
      entries,
      'live',
    );
    expect(outcome.status).toBe('potential_match');
    expect(outcome.matches[0]?.reasons).toContain('birth_date_differs');
  });

  it('a listed document number settles it whatever the name', () => {
    const outcome = screenSubject(person('M. Garcia', { doc_id: '79.123.456' }), entries, 'live');
    expect(outcome.status).toBe('match');
    expect(outcome.matches[0]?.reasons).toContain('doc_id');
  });

  it('an alias matches and says so', () => {
    const outcome = screenSubject(
      { type: 'company', name: 'North Wind Shipping', country: 'PA' },
      entries,
      'live',
    );
    expect(outcome.status).toBe('match');
    expect(outcome.matches[0]?.reasons).toEqual(['exact_name', 'alias']);
  });

  it('a PEP is at most a potential match', () => {
    const outcome = screenSubject(person('Elena Márquez Rojas'), entries, 'live');
    expect(outcome.status).toBe('potential_match');
    expect(outcome.matches[0]).toMatchObject({ list: 'pep', score: 1 });
    expect(outcome.matches[0]?.reasons).toEqual(expect.arrayContaining(['pep', 'country']));
  });

  it('a subject screened again answers the same, kept per list and by every field', () => {
    const first = screenSubject(person('Dmitri Aleksandrovich Volkov'), entries, 'live');
    first.matches.length = 0;
    const again = screenSubject(person('Dmitri Aleksandrovich Volkov'), entries, 'live');
    expect(again.status).toBe('match');
    expect(again.matches).toHaveLength(1);
    const born_later = { birth_date: '1990-01-01' };
    expect(
      screenSubject(person('Dmitri Aleksandrovich Volkov', born_later), entries, 'live').status,
    ).toBe('potential_match');
    expect(screenSubject(person('Dmitri Aleksandrovich Volkov'), [], 'live').status).toBe('clear');
  });

  it('a person is not a listed company of the same name', () => {
    expect(screenSubject(person('Northwind Maritime'), entries, 'live').status).toBe('clear');
  });

  it('sandbox magic names, test environment only', () => {
    expect(screenSubject(person('Joe SANCTIONED'), [], 'test').status).toBe('match');
    expect(screenSubject(person('Joe PEP'), [], 'test').status).toBe('potential_match');
    expect(screenSubject(person('Joe SANCTIONED'), [], 'live').status).toBe('clear');
    expect(screenSubject(person('Pepe Joe'), [], 'test').status).toBe('clear');
  });

  it('the status is the worst of the matches, and matches are ordered by it', () => {
    const name = fc.constantFrom(
      'Joe SANCTIONED PEP',
      'Elena Marquez',
      'Karim Al Rashid',
      'Ana Silva',
    );
    fc.assert(
      fc.property(name, (subject_name) => {
        const outcome = screenSubject(person(subject_name), entries, 'test');
        expect(outcome.status === 'clear').toBe(outcome.matches.length === 0);
        for (const match of outcome.matches) {
          expect(match.score).toBeGreaterThanOrEqual(0);
          expect(match.score).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
