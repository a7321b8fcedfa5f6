import { preparedQuery, statementName } from './prepared';

describe('preparedQuery: a statement parsed and planned once per connection', () => {
  it('names one text the same on every call, whatever its values', () => {
    const first = preparedQuery('select $1::int as n', [1]);
    const again = preparedQuery('select $1::int as n', [2]);

    expect(first.name).toMatch(/^prepared_[0-9a-f]{24}$/);
    expect(again.name).toBe(first.name);
    expect(again).toMatchObject({ text: 'select $1::int as n', values: [2] });
  });

  it('names two texts apart, so that a connection never runs one under the other’s name', () => {
    const one = preparedQuery('select 1 from a.outbox where position = $1', [1]);
    const other = preparedQuery('select 1 from b.outbox where position = $1', [1]);

    expect(other.name).not.toBe(one.name);
  });

  it('names a text as statementName does, so that the event store and other callers share one name', () => {
    const text = 'select version from s.streams where stream = $1';
    expect(preparedQuery(text, ['a']).name).toBe(statementName(text));
  });
});
