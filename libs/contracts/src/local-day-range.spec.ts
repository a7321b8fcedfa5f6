import { DomainError } from './errors';
import { localDayRange } from './local-day-range';

describe('local day range', () => {
  it('starts at midnight of `from` and ends at the midnight after `to`, in the zone', () => {
    const range = localDayRange('2026-03-01', '2026-03-01', 'America/La_Paz');
    expect(range.from?.toISOString()).toBe('2026-03-01T04:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2026-03-02T04:00:00.000Z');
  });

  it('follows a daylight-saving change', () => {
    // New York moves to EDT on 2026-03-08: the day after begins at 04:00Z, not 05:00Z.
    const range = localDayRange('2026-03-08', '2026-03-08', 'America/New_York');
    expect(range.from?.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('leaves an absent bound open, and refuses an impossible date with invalid_range', () => {
    expect(localDayRange(undefined, undefined, 'UTC')).toEqual({});
    expect(() => localDayRange('2026-02-30', undefined, 'UTC')).toThrow(
      new DomainError('invalid_range', '2026-02-30 is not a date from the filter range'),
    );
  });
});
