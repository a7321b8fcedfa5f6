import { factInEvent } from './payment-history';

describe('factInEvent: what an event says about a subject before anything is read', () => {
  const payout = (data: Record<string, unknown>) =>
    factInEvent({ type: 'payouts.payout_status_changed', data });

  it("counts a payout's outcome from its event alone", () => {
    expect(payout({ status: 'completed', beneficiary_tax_id: '30-1', country: 'AR' })).toEqual({
      country: 'AR',
      raw_doc_id: '30-1',
      effect: 'payouts_completed',
    });
    expect(payout({ status: 'failed', beneficiary_tax_id: '30-1', country: 'AR' })).toMatchObject({
      effect: 'payouts_failed',
    });
  });

  it('says nothing of a payout in flight or one without a beneficiary tax id', () => {
    for (const status of ['pending', 'processing', 'in_review', 'returned'])
      expect(payout({ status, beneficiary_tax_id: '30-1', country: 'AR' })).toBeNull();
    expect(payout({ status: 'completed', country: 'AR' })).toBeNull();
    expect(payout({ status: 'completed', beneficiary_tax_id: 7, country: 'AR' })).toBeNull();
  });

  it('needs a read for an approved holder, and nothing for the rest', () => {
    expect(
      factInEvent({ type: 'identity.account_confirmed', data: { kyc_status: 'approved' } }),
    ).toBe('read_needed');
    expect(
      factInEvent({ type: 'compliance.verification_status_changed', data: { status: 'approved' } }),
    ).toBe('read_needed');
    expect(
      factInEvent({ type: 'compliance.verification_status_changed', data: { status: 'rejected' } }),
    ).toBeNull();
    expect(factInEvent({ type: 'identity.account_confirmed', data: {} })).toBeNull();
    expect(factInEvent({ type: 'payins.payin_credited', data: {} })).toBeNull();
  });

  it('counts a credited payin from its event, and reads the payer of one written before it said', () => {
    const credited = (data: Record<string, unknown>) =>
      factInEvent({ type: 'payins.payin_credited', data: { payin_id: 'pi_1', ...data } });
    expect(credited({ payer_tax_id: '30-1', country: 'AR' })).toEqual({
      country: 'AR',
      raw_doc_id: '30-1',
      effect: 'payins_credited',
    });
    expect(credited({ payer_tax_id: null, country: 'AR' })).toBeNull();
    expect(credited({ payer_tax_id: '30-1', country: null })).toBeNull();
    expect(credited({ country: 'AR' })).toBe('read_needed');
  });
});
