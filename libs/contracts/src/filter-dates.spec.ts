import { DomainError } from './errors';
import {
  dayAfter,
  filterDay,
  isFilterDate,
  parseFilterDate,
  parseFilterDates,
} from './filter-dates';

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
}

describe('filter dates (D12)', () => {
  it('accepts real dates within 0001-01-01 and 9999-12-30, leap days by the Gregorian rule', () => {
    for (const text of ['0001-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '9999-12-30']) {
      expect(isFilterDate(text)).toBe(true);
      expect(parseFilterDate('from', text)).toBe(text);
    }
  });

  it('answers invalid_range for impossible or out-of-bounds dates', () => {
    for (const text of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-01-00',
      '0000-01-01',
      '9999-12-31',
    ]) {
      expect(codeOf(() => parseFilterDate('to', text))).toBe('invalid_range');
    }
  });

  it('answers invalid_request for text that is not shaped as a date', () => {
    for (const value of [
      'yesterday',
      '15-01-2026',
      '2026-1-01',
      '+02026-01-01',
      ['2026-01-01'],
      5,
    ]) {
      expect(codeOf(() => parseFilterDate('from', value))).toBe('invalid_request');
    }
  });

  it('treats absent and empty as no filter', () => {
    expect(parseFilterDates({})).toEqual({});
    expect(parseFilterDates({ from: '', to: '2026-01-02' })).toEqual({ to: '2026-01-02' });
  });

  it('steps to the next day across months, years and leap days', () => {
    expect(dayAfter(filterDay('2024-02-28'))).toEqual({ year: 2024, month: 2, day: 29 });
    expect(dayAfter(filterDay('2023-02-28'))).toEqual({ year: 2023, month: 3, day: 1 });
    expect(dayAfter(filterDay('2026-12-31'))).toEqual({ year: 2027, month: 1, day: 1 });
    expect(dayAfter(filterDay('9999-12-30'))).toEqual({ year: 9999, month: 12, day: 31 });
  });
});
