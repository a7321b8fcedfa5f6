import { Money } from '@platform/money';
import { demoHistoryOf } from './demo-history';

describe('demoHistoryOf', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  const steps = demoHistoryOf('account-1', 'org-1', now);

  it('leaves 10,100.00 USD and 1,100.00 USDT, never spending more than was paid in before', () => {
    const balance = { USD: Money.zero('USD'), USDT: Money.zero('USD') };
    for (const { kind, record } of steps) {
      const amount = Money.parse('USD', record.amount);
      balance[record.asset] =
        kind === 'payin'
          ? balance[record.asset].add(amount)
          : balance[record.asset].subtract(amount);
      expect(balance[record.asset].isNegative()).toBe(false);
    }
    expect(balance.USD.toString()).toBe('10100.00');
    expect(balance.USDT.toString()).toBe('1100.00');
  });

  it('dates the records oldest first within the past 30 days, one index each, for the account', () => {
    const dates = steps.map(({ record }) => Date.parse(record.occurred_at));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(Math.min(...dates)).toBeGreaterThan(now.getTime() - 30 * 86_400_000);
    expect(Math.max(...dates)).toBeLessThan(now.getTime() - 86_400_000);
    expect(steps.map(({ record }) => record.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(steps.map(({ kind }) => kind).filter((kind) => kind === 'payout')).toHaveLength(3);
    for (const { record } of steps)
      expect(record).toMatchObject({ account_id: 'account-1', org_id: 'org-1' });
  });
});
