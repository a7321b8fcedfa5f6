import { failuresOf, togetherOrAlone } from './together-or-alone';

describe('togetherOrAlone: records worked on as one, each alone once that fails', () => {
  it('answers no failure, and runs nothing alone, when the records went through together', async () => {
    const alone: string[] = [];
    const failures = await togetherOrAlone(
      ['a', 'b'],
      async () => undefined,
      async (key) => void alone.push(key),
    );
    expect(failures).toEqual(new Map());
    expect(alone).toEqual([]);
  });

  it('runs each record alone once together failed: only the failing one is answered', async () => {
    const bad = new Error('b is poison');
    const alone: string[] = [];
    const failures = await togetherOrAlone(
      ['a', 'b', 'c'],
      async () => {
        throw new Error('the batch failed');
      },
      async (key) => {
        alone.push(key);
        if (key === 'b') throw bad;
      },
    );
    expect(failures).toEqual(new Map([['b', bad]]));
    expect(alone.sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('failuresOf: each key at once, its failure kept', () => {
  it('keeps every failure with its key, and goes on with the others', async () => {
    const done: string[] = [];
    const failures = await failuresOf(['x', 'y', 'z'], async (key) => {
      if (key !== 'y') throw new Error(`${key} failed`);
      done.push(key);
    });
    expect([...failures.keys()].sort()).toEqual(['x', 'z']);
    expect(String(failures.get('x'))).toContain('x failed');
    expect(done).toEqual(['y']);
  });
});
