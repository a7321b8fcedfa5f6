import fc from 'fast-check';
import { RISK_BATCH_ITEM_STATUSES, type RiskBatchItemOutcome } from '@platform/contracts';
import {
  ABSENT_BATCH,
  decide,
  evolveAll,
  isFinished,
  processedOf,
  type BatchCommand,
  type BatchState,
} from './batch';

const OUTCOMES = RISK_BATCH_ITEM_STATUSES.filter(
  (status): status is RiskBatchItemOutcome => status !== 'pending' && status !== 'invalid',
);

function run(commands: BatchCommand[], state: BatchState = ABSENT_BATCH): BatchState {
  return commands.reduce((current, command) => evolveAll(current, decide(command, current)), state);
}

const open = (pending: number, invalid = 0): BatchCommand => ({
  type: 'open_batch',
  data: { pending, invalid },
});
const chunk = (...outcomes: RiskBatchItemOutcome[]): BatchCommand => ({
  type: 'record_chunk',
  data: { outcomes },
});

describe('a credit-scoring batch', () => {
  it('opens queued with its invalid rows already processed', () => {
    const state = run([open(3, 2)]);
    expect(state).toEqual({
      status: 'queued',
      total: 5,
      counts: { pending: 3, completed: 0, no_score: 0, consent_required: 0, invalid: 2, failed: 0 },
    });
    expect(processedOf(state)).toBe(2);
  });

  it('refuses a batch without a valid subject with no_valid_items', () => {
    expect(() => decide(open(0, 4), ABSENT_BATCH)).toThrow(
      expect.objectContaining({ code: 'no_valid_items' }),
    );
  });

  it('counts each chunk and completes when no item is pending', () => {
    const opened = run([open(3, 1)]);
    const first = run([chunk('completed', 'no_score')], opened);
    expect(first.status).toBe('processing');
    expect(processedOf(first)).toBe(3);
    const events = decide(chunk('consent_required'), first);
    expect(events.map((event) => event.type)).toEqual(['chunk_recorded', 'batch_finished']);
    const done = evolveAll(first, events);
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({
      pending: 0,
      completed: 1,
      no_score: 1,
      consent_required: 1,
      invalid: 1,
      failed: 0,
    });
  });

  it('fails when not one item could be evaluated', () => {
    expect(run([open(2), chunk('failed', 'failed')]).status).toBe('failed');
  });

  it('refuses more outcomes than pending items, and any chunk once finished', () => {
    const opened = run([open(1)]);
    expect(() => decide(chunk('completed', 'completed'), opened)).toThrow(/2 outcomes for 1/);
    const done = run([chunk('completed')], opened);
    expect(() => decide(chunk('completed'), done)).toThrow(/completed/);
  });

  it('fails as a whole once, taking its pending items with it', () => {
    const opened = run([open(4), chunk('completed')]);
    const failed = run([{ type: 'fail_batch', data: { reason: 'bureau unavailable' } }], opened);
    expect(failed.status).toBe('failed');
    expect(failed.counts).toMatchObject({ pending: 0, completed: 1, failed: 3 });
    expect(decide({ type: 'fail_batch', data: { reason: 'again' } }, failed)).toEqual([]);
  });

  it('finishes exactly when every item is processed, whatever the chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...OUTCOMES), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 17 }),
        (outcomes, invalid, chunk_size) => {
          let state = run([open(outcomes.length, invalid)]);
          for (let start = 0; start < outcomes.length; start += chunk_size) {
            expect(isFinished(state)).toBe(false);
            state = run([chunk(...outcomes.slice(start, start + chunk_size))], state);
            expect(processedOf(state)).toBe(
              invalid + Math.min(outcomes.length, start + chunk_size),
            );
          }
          expect(isFinished(state)).toBe(true);
          const tallied = OUTCOMES.reduce((sum, outcome) => sum + state.counts[outcome], 0);
          expect(tallied + state.counts.invalid).toBe(state.total);
        },
      ),
    );
  });
});
