import { startPlatform, type E2ePlatform } from '../harness';
import { c2pCollection as c2p, payinsClient, type PayinsClient } from '../clients';

/**
 * Paying a checkout link by pull collection on its public routes (`/pay/{token}/collect`). The
 * refusal on an expired link is in payins-internals.all-in-one.e2e.spec.ts (its expiry is moved
 * by hand).
 */
describe('payins: public pull collection on a checkout link', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payincheckoutcollect',
      settings: { SANDBOX_STEP_MS: '50' },
    });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  it('pays the link in its settlement asset with the payer’s bank key', async () => {
    const account = await api.account('checkout-c2p');
    const { path } = await api.checkoutLink(account);
    const quote = await api.request('GET', `${path}/quote`);
    // Manually confirmed corridors (EC/USD) are not offered to a link's payer.
    expect(quote.body.countries).not.toContain('EC');

    const otp = await api.request('POST', `${path}/collect/otp`, {
      body: { method: 'c2p', country: 'VE', currency: 'VES' },
    });
    expect(otp.status).toBe(400);
    expect(otp.body.error).toBe('invalid_request');

    const mismatch = await api.request('POST', `${path}/collect`, {
      body: c2p({ amount: '1.00' }),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toBe('checkout_amount_mismatch');
    const refused = await api.request('POST', `${path}/collect`, { body: c2p({ otp: '999999' }) });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('collect_otp_failed');
    const rejected = await api.request('POST', `${path}/collect`, {
      body: c2p({ payer: { phone: '+584141234567', document: 'REJECT', bank_code: '0102' } }),
    });
    expect(rejected.status).toBe(422);
    expect(rejected.body.error).toBe('collect_rejected');

    const paying = await api.request('POST', `${path}/collect`, { body: c2p() });
    expect(paying.status).toBe(201);
    expect(paying.body.payin).toMatchObject({ method: 'c2p', currency: 'VES', status: 'pending' });
    expect(paying.body.checkout.status).toBe('open');

    const state = await api.awaitLinkClosed(path);
    expect(state).toMatchObject({ status: 'paid', paid_method: 'c2p', paid_currency: 'VES' });
    const movements = await api.movementsOf(account, state.checkout_id, 1);
    expect(movements).toEqual([{ asset: 'USDT', amount: '10.000000', kind: 'payin' }]);

    const again = await api.request('POST', `${path}/collect`, { body: c2p() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_paid');
  });
});
