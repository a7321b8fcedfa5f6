import { dueAtMs, latencyMs, waitBeforeMs } from './pacing';

describe('open-loop pacing', () => {
  const pace = { rate_per_second: 200 };

  it('spaces the requests evenly at the rate, the first due at once', () => {
    expect(dueAtMs(pace, 0)).toBe(0);
    expect(dueAtMs(pace, 1)).toBe(5);
    expect(dueAtMs(pace, 200)).toBe(1_000);
    expect(dueAtMs({ rate_per_second: 177 }, 177)).toBeCloseTo(1_000, 9);
  });

  it('waits until a request is due, and not at all once it is late', () => {
    expect(waitBeforeMs(pace, 10, 20)).toBe(30);
    expect(waitBeforeMs(pace, 10, 50)).toBe(0);
    expect(waitBeforeMs(pace, 10, 75)).toBe(0);
  });

  it('times a request sent late from when it was due, so a stall counts for each request it held back', () => {
    // Due at 50 ms, sent at 120 ms because every worker was busy, answered at 130 ms.
    expect(latencyMs(pace, 10, 120, 130)).toBe(80);
    // Sent when due.
    expect(latencyMs(pace, 10, 50, 58)).toBe(8);
  });

  it('times a closed-loop request from when it was sent', () => {
    expect(latencyMs(undefined, 10, 120, 130)).toBe(10);
  });
});
