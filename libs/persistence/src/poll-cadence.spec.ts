import { FULL_BATCH_PAUSE_MS, IDLE_POLL_MS, lookOutcomeOf, PollCadence } from './poll-cadence';

describe('PollCadence', () => {
  it('looks again after busy_ms while looks find work', () => {
    const cadence = new PollCadence(50, 250);
    expect([true, true, true].map((found) => cadence.after(found))).toEqual([50, 50, 50]);
  });

  it('doubles the pause after each empty look, up to idle_ms', () => {
    const cadence = new PollCadence(50, 250);
    expect([false, false, false, false].map((found) => cadence.after(found))).toEqual([
      100, 200, 250, 250,
    ]);
  });

  it('is back to busy_ms at the first look that finds work', () => {
    const cadence = new PollCadence(50, 250);
    cadence.after(false);
    cadence.after(false);
    expect(cadence.after(true)).toBe(50);
    expect(cadence.after(false)).toBe(100);
  });

  it('never spins when busy_ms is 0: an empty look waits at least 10 ms', () => {
    const cadence = new PollCadence(0, 250);
    expect([false, false, true, false].map((found) => cadence.after(found))).toEqual([
      10, 20, 0, 10,
    ]);
  });

  it('never waits less than busy_ms, even with idle_ms below it', () => {
    const cadence = new PollCadence(2000, 250);
    expect(cadence.after(false)).toBe(2000);
    expect(cadence.after(true)).toBe(2000);
  });

  it('looks again after at most 10 ms after a full batch, whatever the busy pause', () => {
    const following_step = PollCadence.followingStep(2_000, 1_000);
    expect(following_step.after('full_batch')).toBe(FULL_BATCH_PAUSE_MS);
    // Back at the busy pause (the step) once a look takes less than a batch.
    expect(following_step.after(true)).toBe(1_000);
    const backed_off = new PollCadence(5, 250);
    [false, false, false].forEach((found) => backed_off.after(found));
    expect(backed_off.after('full_batch')).toBe(5);
    expect(backed_off.after(false)).toBe(10);
  });

  it('answers a full batch for a look that took as many items as it asked for', () => {
    expect([0, 1, 49, 50].map((found_count) => lookOutcomeOf(found_count, 50))).toEqual([
      false,
      true,
      true,
      'full_batch',
    ]);
  });

  it('follows the sandbox step, held between 10 ms and the idle pause', () => {
    expect([0, 50, 5_000].map((step_ms) => PollCadence.followingStep(step_ms).busy_ms)).toEqual([
      10, 50, 250,
    ]);
    expect(PollCadence.followingStep(50).idle_ms).toBe(IDLE_POLL_MS);
  });
});
