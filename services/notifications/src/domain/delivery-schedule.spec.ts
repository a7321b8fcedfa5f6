import {
  isSuccessfulStatus,
  MAX_DELIVERY_ATTEMPTS,
  nextAttemptOffsetMs,
} from './delivery-schedule';

describe('webhook delivery schedule', () => {
  it('makes 5 attempts at 0, 5, 20, 45 and 80 s, scaled', () => {
    expect(MAX_DELIVERY_ATTEMPTS).toBe(5);
    expect([0, 1, 2, 3, 4].map((made) => nextAttemptOffsetMs(made, 1))).toEqual([
      0, 5_000, 20_000, 45_000, 80_000,
    ]);
    expect(nextAttemptOffsetMs(2, 0.01)).toBe(200);
    expect(nextAttemptOffsetMs(5, 1)).toBeNull();
  });

  it('counts only 2xx as success', () => {
    expect([200, 204, 299].every(isSuccessfulStatus)).toBe(true);
    expect([199, 301, 302, 400, 500].some(isSuccessfulStatus)).toBe(false);
  });
});
