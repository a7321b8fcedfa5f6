import { pollIntervalOf } from './compliance-jobs';

describe('compliance job polling', () => {
  it('polls about once a step, between 50 ms and 2 s', () => {
    expect(pollIntervalOf(10)).toBe(50);
    expect(pollIntervalOf(300)).toBe(300);
    expect(pollIntervalOf(60_000)).toBe(2000);
  });

  it('polls every 2 s without step time: every step is due when added, and its notice wakes a worker', () => {
    expect(pollIntervalOf(0)).toBe(2000);
  });
});
