import { screenPayout } from './payout-screening';

const command = (beneficiary_name: string, local_amount: string) => ({
  payout_id: 'p1',
  account_id: 'a1',
  org_id: 'o1',
  country: 'BR',
  currency: 'BRL',
  local_amount,
  beneficiary_name,
});

describe('payout screening', () => {
  it('rejects the sandbox name REJECT before anything else', () => {
    expect(screenPayout(command('REJECT', '10.77'), 'test').decision).toBe('reject');
    expect(screenPayout(command(' reject ', '10.00'), 'test').decision).toBe('reject');
  });

  it('holds amounts ending .77 for the firewall in the test environment', () => {
    expect(screenPayout(command('Ana', '10.77'), 'test')).toEqual({
      decision: 'hold',
      reason: 'sandbox_firewall_amount',
    });
  });

  it('processes everything else, and ignores the magic values in live', () => {
    expect(screenPayout(command('Ana', '10.70'), 'test').decision).toBe('process');
    expect(screenPayout(command('REJECT', '10.77'), 'live').decision).toBe('process');
  });
});
