import { isBusinessDay, settleAt, usFederalHolidays } from './business-days';

describe('card settlement in business days', () => {
  it('skips the weekend: Friday + 24 h settles Monday', () => {
    expect(settleAt(new Date('2025-06-06T15:00:00Z'), 24).toISOString()).toBe(
      '2025-06-09T15:00:00.000Z',
    );
  });

  it('skips US federal holidays: Wednesday 2 July + 48 h passes Independence Day', () => {
    expect(settleAt(new Date('2025-07-02T10:00:00Z'), 48).toISOString()).toBe(
      '2025-07-07T10:00:00.000Z',
    );
  });

  it('settles at once with 0 hours', () => {
    const now = new Date('2025-07-04T10:00:00Z');
    expect(settleAt(now, 0).getTime()).toBe(now.getTime());
  });

  it('knows the observed holidays of a year', () => {
    const holidays = usFederalHolidays(2026);
    // Independence Day 2026 is a Saturday: observed Friday 3 July.
    expect(holidays.has('2026-07-03')).toBe(true);
    expect(holidays.has('2026-11-26')).toBe(true); // Thanksgiving
    expect(holidays.has('2026-01-19')).toBe(true); // Martin Luther King Jr. Day
    expect(holidays.has('2026-05-25')).toBe(true); // Memorial Day
    expect(isBusinessDay(new Date('2026-07-03T12:00:00Z'))).toBe(false);
    expect(isBusinessDay(new Date('2026-07-06T12:00:00Z'))).toBe(true);
  });
});
