import { PoisonTracker } from './poison-tracker';

describe('PoisonTracker', () => {
  let now_ms = 0;
  const tracker = (policy = {}) =>
    new PoisonTracker(
      { max_attempts: 3, backoff_initial_ms: 100, backoff_max_ms: 1_000, ...policy },
      () => now_ms,
    );
  const poison = new Error('cannot read record');
  const database_down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  beforeEach(() => (now_ms = 0));

  it('sets a record aside after max_attempts once another record succeeded since', () => {
    const records = tracker();
    expect(records.failed('a', poison)).toMatchObject({ action: 'retry', attempts: 1 });
    expect(records.failed('a', poison)).toMatchObject({ action: 'retry', attempts: 2 });
    // Exhausted, but nothing else went through since it first failed: not yet.
    expect(records.failed('a', poison)).toMatchObject({ action: 'retry', attempts: 3 });
    expect(records.isExhausted('a')).toBe(true);
    records.succeeded('b');
    expect(records.verdictOf('a')).toEqual({
      action: 'set_aside',
      attempts: 3,
      first_failed_at: new Date(0),
      reason: 'Error: cannot read record',
    });
  });

  it('does not take a success from before the first failure as evidence', () => {
    const records = tracker();
    records.succeeded('b');
    for (let attempt = 0; attempt < 5; attempt += 1) records.failed('a', poison);
    expect(records.verdictOf('a')).toBeNull();
  });

  it('never counts a transient failure, however often', () => {
    const records = tracker();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(records.failed('a', database_down)).toMatchObject({
        action: 'retry',
        attempts: 0,
        transient: true,
      });
      records.succeeded('b');
    }
    expect(records.isExhausted('a')).toBe(false);
  });

  it('forgets the failures of a record that then succeeds', () => {
    const records = tracker({ require_evidence: false });
    records.failed('a', poison);
    records.failed('a', poison);
    records.succeeded('a');
    records.failed('a', poison);
    expect(records.verdictOf('a')).toBeNull();
  });

  it('backs off exponentially, up to the maximum, and lists the records waiting', () => {
    const records = tracker({ max_attempts: 10 });
    const waits = [1, 2, 3, 4, 5].map(() => records.failed('a', poison)).map((v) => v);
    expect(waits.map((verdict) => verdict.action === 'retry' && verdict.retry_in_ms)).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
    expect(records.waitingKeys()).toEqual(['a']);
    now_ms = 999;
    expect(records.isWaiting('a')).toBe(true);
    now_ms = 1_000;
    expect(records.isWaiting('a')).toBe(false);
    expect(records.waitingKeys()).toEqual([]);
  });

  it('sets aside on the kind of error alone when the policy needs no evidence', () => {
    const records = tracker({ require_evidence: false });
    records.failed('a', poison);
    records.failed('a', poison);
    expect(records.failed('a', poison)).toMatchObject({ action: 'set_aside', attempts: 3 });
  });
});
