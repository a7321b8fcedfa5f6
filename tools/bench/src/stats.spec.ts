import { median, slowRequests } from './stats';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
  });

  it('is the mean of the two middle values of an even count, not the upper one', () => {
    expect(median([843, 600])).toBe(721.5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is 0 for no values', () => {
    expect(median([])).toBe(0);
  });
});

describe('slowRequests', () => {
  it('counts the requests over the threshold by the window in which each began', () => {
    const began_ms = [0, 100, 600, 700, 750, 1_900];
    const samples_ms = [10, 80, 60, 51, 50, 90];
    expect(slowRequests(began_ms, samples_ms, 50, 500)).toEqual({
      slow: 4,
      slow_windows: 3,
      windows: 4,
      worst: { start_ms: 500, slow: 2 },
    });
  });

  it('says so when no request was slow', () => {
    expect(slowRequests([0, 10, 20], [1, 2, 3], 50, 500)).toEqual({
      slow: 0,
      slow_windows: 0,
      windows: 1,
      worst: null,
    });
  });

  it('reads an empty run as no windows at all', () => {
    expect(slowRequests([], [], 50, 500)).toEqual({
      slow: 0,
      slow_windows: 0,
      windows: 0,
      worst: null,
    });
  });
});
