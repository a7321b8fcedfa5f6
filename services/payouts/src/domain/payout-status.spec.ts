import { flagsOf, receiptAvailable, STATUS_CODES, type StatusCode } from './payout-status';

describe('payout status codes', () => {
  it('marks pre-debit failures and never says a failure is debited', () => {
    for (const code of Object.keys(STATUS_CODES) as StatusCode[]) {
      const flags = flagsOf(code);
      if (flags.status === 'failed') expect(flags.funds_debited).toBe(false);
      if (flags.predebit_failure) expect(receiptAvailable(code)).toBe(false);
    }
    expect(flagsOf('screening_rejected')).toMatchObject({
      status: 'failed',
      predebit_failure: true,
      funds_debited: false,
    });
    expect(flagsOf('rail_rejected').predebit_failure).toBe(false);
  });

  it('has no receipt while screening is pending or in review', () => {
    expect(receiptAvailable('compliance_pending')).toBe(false);
    expect(receiptAvailable('firewall_review')).toBe(false);
    expect(receiptAvailable('rail_submitted')).toBe(true);
    expect(receiptAvailable('completed')).toBe(true);
    expect(flagsOf('compliance_dispatch_pending')).toMatchObject({
      status: 'pending',
      funds_debited: true,
    });
  });
});
