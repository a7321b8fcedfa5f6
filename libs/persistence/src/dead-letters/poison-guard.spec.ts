import type { DeadLetters } from './dead-letters';
import { PoisonGuard } from './poison-guard';

/** The letters a guard records, kept in memory: the guard's counting is what is under test. */
function lettersKept(): { dead_letters: DeadLetters; recorded: string[] } {
  const recorded: string[] = [];
  const dead_letters = {
    record: async (letter: { record_key: string }) => void recorded.push(letter.record_key),
  } as unknown as DeadLetters;
  return { dead_letters, recorded };
}

describe('PoisonGuard.settle: the outcomes of a batch', () => {
  const policy = { max_attempts: 2, backoff_initial_ms: 0, backoff_max_ms: 0 };

  it('counts the others of the batch going through as evidence against the one that failed', async () => {
    const { dead_letters, recorded } = lettersKept();
    const guard = new PoisonGuard(dead_letters, 'worker:test', policy);
    const poison = new Error('no step knows this state');
    // Listed after the one that went through: its failure still counts first.
    const first = await guard.settle(['ok', 'bad'], (key) => ({ key }), new Map([['bad', poison]]));
    expect(first.get('ok')).toEqual({ outcome: 'done' });
    expect(first.get('bad')).toMatchObject({ outcome: 'retry', error: poison });

    const second = await guard.settle(['bad'], (key) => ({ key }), new Map([['bad', poison]]));
    expect(second.get('bad')).toMatchObject({ outcome: 'set_aside', attempts: 2 });
    expect(recorded).toEqual(['bad']);
  });

  it('sets nothing aside when the whole batch fails: the cause is elsewhere', async () => {
    const { dead_letters, recorded } = lettersKept();
    const guard = new PoisonGuard(dead_letters, 'worker:test', policy);
    const down = new Error('the ledger refused everything');
    const all_failed = new Map([
      ['a', down],
      ['b', down],
    ]);
    for (let round = 0; round < 3; round += 1) {
      const outcomes = await guard.settle(['a', 'b'], (key) => ({ key }), all_failed);
      expect([...outcomes.values()].map((outcome) => outcome.outcome)).toEqual(['retry', 'retry']);
    }
    expect(recorded).toEqual([]);
  });
});
