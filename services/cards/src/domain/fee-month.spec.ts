import { DomainError } from '@platform/contracts';
import { feeMonthOf, feeOperationId, parseFeeMonth } from './fee-month';

describe('fee months', () => {
  it('reads YYYY-MM and refuses impossible months', () => {
    expect(parseFeeMonth('2026-02')).toBe('2026-02');
    for (const bad of ['2026-13', '2026-00', '0000-01', '2026-2', '26-02', ''])
      expect(() => parseFeeMonth(bad)).toThrow(
        expect.objectContaining({ code: 'invalid_range' }) as DomainError,
      );
  });

  it('names the UTC month of an instant and one operation per card and month', () => {
    expect(feeMonthOf(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03');
    expect(feeMonthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(feeOperationId('c1', '2026-03')).toBe(feeOperationId('c1', '2026-03'));
    expect(feeOperationId('c1', '2026-03')).not.toBe(feeOperationId('c1', '2026-04'));
  });
});
