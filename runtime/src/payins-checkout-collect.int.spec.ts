import { payinsClient, type PayinsClient } from './payins-int-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/** Paying a checkout link by pull collection on its public routes (`/pay/{token}/collect`). */
describe('payins: public pull collection on a checkout link', () => {
  let platform: TestPlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startTestPlatform('payincheckoutcollect', { SANDBOX_STEP_MS: '50' });
    api = payinsClient(platform);
  });

  afterAll(async () => {
    await api.close();
    await platform.dispose();
  });

  async function newLink(label: string, amount = '10.000000') {
    const account = await api.account(label);
    const created = await api.request('POST', '/v1/payins', {
      token: account.token,
      body: { method: 'checkout', amount, settlement_asset: 'USDT', expires_in: 3600 },
    });
    expect(created.status).toBe(201);
    return { account, path: new URL(created.body.checkout_url).pathname };
  }

  const c2p = (overrides: Record<string, unknown> = {}) => ({
    method: 'c2p',
    country: 'VE',
    currency: 'VES',
    otp: '12345678',
    payer: { phone: '+584141234567', document: 'V12345678', bank_code: '0102' },
    ...overrides,
  });

  const stateOf = (path: string) =>
    api.eventually(
      async () => (await api.request('GET', `${path}/state`)).body,
      (state) => state.status !== 'open',
    );

  it('pays the link in its settlement asset with the payer’s bank key', async () => {
    const { account, path } = await newLink('checkout-c2p');
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

    const state = await stateOf(path);
    expect(state).toMatchObject({ status: 'paid', paid_method: 'c2p', paid_currency: 'VES' });
    const movements = await api.movementsOf(account.account_id, state.checkout_id, 1);
    expect(movements).toEqual([{ asset: 'USDT', amount: '10.000000', kind: 'payin' }]);

    const again = await api.request('POST', `${path}/collect`, { body: c2p() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_paid');
  });

  it('answers checkout_expired on an expired link and not_found on an unknown token', async () => {
    const { path } = await newLink('checkout-c2p-expired');
    const state = await api.request('GET', `${path}/state`);
    await api.setExpiry(state.body.checkout_id, new Date(Date.now() - 1000));
    const expired = await api.request('POST', `${path}/collect`, { body: c2p() });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('checkout_expired');
    const unknown = await api.request('POST', '/pay/no-such-token/collect', { body: c2p() });
    expect(unknown.status).toBe(404);
  });
});
