import fc from 'fast-check';
import {
  daysInMonth,
  firstPeriodAtOrAfter,
  nextChargeAt,
  SUBSCRIPTION_INTERVALS,
} from './subscription-schedule';

const at = (text: string) => new Date(text);
const iso = (date: Date) => date.toISOString();

describe('nextChargeAt', () => {
  it('keeps a Jan 31 anchor: Feb 28 or 29, then Mar 31 again', () => {
    const anchor = at('2026-01-31T15:00:00.000Z');
    const monthly = [0, 1, 2, 3].map((n) => iso(nextChargeAt('monthly', anchor, n, 'UTC')));
    expect(monthly).toEqual([
      '2026-01-31T15:00:00.000Z',
      '2026-02-28T15:00:00.000Z',
      '2026-03-31T15:00:00.000Z',
      '2026-04-30T15:00:00.000Z',
    ]);
    expect(iso(nextChargeAt('monthly', at('2028-01-31T15:00:00.000Z'), 1, 'UTC'))).toBe(
      '2028-02-29T15:00:00.000Z',
    );
  });

  it('reads the anchor in the organization time zone, across daylight saving', () => {
    // 23:30 on Jan 31 in New York is Feb 1 in UTC: the month end is New York's.
    const anchor = at('2026-02-01T04:30:00.000Z');
    const tz = 'America/New_York';
    expect(iso(nextChargeAt('monthly', anchor, 1, tz))).toBe('2026-03-01T04:30:00.000Z');
    expect(iso(nextChargeAt('monthly', anchor, 2, tz))).toBe('2026-04-01T03:30:00.000Z');
  });

  it('adds days, weeks and years; Feb 29 yearly falls on Feb 28', () => {
    const anchor = at('2028-02-29T08:00:00.000Z');
    expect(iso(nextChargeAt('daily', anchor, 1, 'UTC'))).toBe('2028-03-01T08:00:00.000Z');
    expect(iso(nextChargeAt('weekly', anchor, 1, 'UTC'))).toBe('2028-03-07T08:00:00.000Z');
    expect(iso(nextChargeAt('yearly', anchor, 1, 'UTC'))).toBe('2029-02-28T08:00:00.000Z');
    expect(iso(nextChargeAt('yearly', anchor, 4, 'UTC'))).toBe('2032-02-29T08:00:00.000Z');
  });

  const anchors = fc.date({
    min: at('2000-01-01T00:00:00Z'),
    max: at('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const zones = fc.constantFrom('UTC', 'America/New_York', 'America/Sao_Paulo', 'Asia/Tokyo');
  const intervals = fc.constantFrom(...SUBSCRIPTION_INTERVALS);

  it('is strictly increasing in the period index', () => {
    fc.assert(
      fc.property(anchors, intervals, zones, fc.nat(200), (anchor, interval, tz, n) => {
        const here = nextChargeAt(interval, anchor, n, tz).getTime();
        expect(nextChargeAt(interval, anchor, n + 1, tz).getTime()).toBeGreaterThan(here);
      }),
    );
  });

  it('monthly: the day is the anchor day, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(anchors, fc.nat(300), (anchor, n) => {
        const charge = nextChargeAt('monthly', anchor, n, 'UTC');
        const expected_day = Math.min(
          anchor.getUTCDate(),
          daysInMonth(charge.getUTCFullYear(), charge.getUTCMonth() + 1),
        );
        expect(charge.getUTCDate()).toBe(expected_day);
        expect(charge.getUTCHours()).toBe(anchor.getUTCHours());
        const months =
          (charge.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
          charge.getUTCMonth() -
          anchor.getUTCMonth();
        expect(months).toBe(n);
      }),
    );
  });

  it('period 0 is the anchor itself', () => {
    fc.assert(
      fc.property(anchors, intervals, (anchor, interval) => {
        expect(nextChargeAt(interval, anchor, 0, 'UTC').getTime()).toBe(
          Math.floor(anchor.getTime()),
        );
      }),
    );
  });
});

describe('firstPeriodAtOrAfter', () => {
  it('answers the first period not before the instant', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('2020-01-01T00:00:00Z'),
          max: at('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...SUBSCRIPTION_INTERVALS),
        fc.integer({ min: 0, max: 2000 * 86_400_000 }),
        (anchor, interval, later_ms) => {
          const instant = new Date(anchor.getTime() + later_ms);
          const index = firstPeriodAtOrAfter(interval, anchor, 'UTC', instant, 0);
          expect(nextChargeAt(interval, anchor, index, 'UTC').getTime()).toBeGreaterThanOrEqual(
            instant.getTime(),
          );
          if (index > 0)
            expect(nextChargeAt(interval, anchor, index - 1, 'UTC').getTime()).toBeLessThan(
              instant.getTime(),
            );
        },
      ),
    );
  });
});
