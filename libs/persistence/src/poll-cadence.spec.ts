import { IDLE_POLL_MS, PollCadence } from './poll-cadence';

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

  it('follows the sandbox step, held between 10 ms and the idle pause', () => {
    expect([0, 50, 5_000].map((step_ms) => PollCadence.followingStep(step_ms).busy_ms)).toEqual([
      10, 50, 250,
    ]);
    expect(PollCadence.followingStep(50).idle_ms).toBe(IDLE_POLL_MS);
  });
});
