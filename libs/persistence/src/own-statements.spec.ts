import { asOneStatement, asWithClauses, oneRowMissed, shiftParameters } from './own-statements';

describe('own statements', () => {
  it('renumbers parameters past another statement’s, every digit of them', () => {
    expect(shiftParameters('update t set a = $1, b = $10 where c = $2', 4)).toBe(
      'update t set a = $5, b = $14 where c = $6',
    );
    expect(shiftParameters('delete from t where a = $1', 0)).toBe('delete from t where a = $1');
  });

  it('makes WITH clauses whose parameters follow each other', () => {
    const { clauses, values } = asWithClauses(
      [
        { text: 'insert into a (x, y) values ($1, $2)', values: ['x', 'y'] },
        { text: 'update b set z = $1', values: ['z'] },
      ],
      3,
      'own',
    );
    expect(clauses).toEqual([
      'own_1 as (insert into a (x, y) values ($4, $5))',
      'own_2 as (update b set z = $6)',
    ]);
    expect(values).toEqual(['x', 'y', 'z']);
  });

  it('joins statements into one, the last as the main statement', () => {
    expect(
      asOneStatement([
        { text: 'insert into a (x) values ($1)', values: [1] },
        { text: 'update b set y = $2 where id = $1', values: [2, 3] },
      ]),
    ).toEqual({
      text: 'with own_1 as (insert into a (x) values ($1)) update b set y = $3 where id = $2',
      values: [1, 2, 3],
    });
    const alone = { text: 'delete from a where x = $1', values: [1] };
    expect(asOneStatement([alone])).toEqual(alone);
    expect(() => asOneStatement([])).toThrow();
  });

  it('has a statement that must change one row return its rows, for the whole to count', () => {
    const { clauses, one_row_clauses } = asWithClauses(
      [
        { text: 'insert into a (x) values ($1)', values: ['x'] },
        { text: 'update b set z = $1 where id = $2', values: ['z', 1], one_row_or_fail: 'gone' },
      ],
      0,
      'own',
    );
    expect(clauses).toEqual([
      'own_1 as (insert into a (x) values ($1))',
      'own_2 as (update b set z = $2 where id = $3 returning 1)',
    ]);
    expect(one_row_clauses).toEqual(['own_2']);
    expect(oneRowMissed(one_row_clauses)).toBe('(select count(*) from own_2) <> 1');
    expect(oneRowMissed(['own_1', 'own_3'])).toBe(
      '(select count(*) from own_1) <> 1 or (select count(*) from own_3) <> 1',
    );
    expect(oneRowMissed([])).toBe('false');
  });
});
