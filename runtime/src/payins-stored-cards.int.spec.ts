import { payinsClient, type PayinsClient } from './payins-int-client';
import { startTestPlatform, type TestPlatform } from './test-platform';

/** Cards saved by a paid card payin (`save_card`), listed, charged by `instrument_id`, revoked. */
describe('payins: stored cards', () => {
  let platform: TestPlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startTestPlatform('payinstoredcards', { SANDBOX_STEP_MS: '50' });
    api = payinsClient(platform);
  });

  afterAll(async () => {
    await api.close();
    await platform.dispose();
  });

  const card = (overrides: Record<string, unknown> = {}) => ({
    method: 'card',
    country: 'US',
    currency: 'USD',
    amount: '25.00',
    customer: { name: 'Ada Payer', email: 'ada@example.com' },
    ...overrides,
  });

  async function accountWithCard(label: string) {
    const account = await api.account(label);
    const create = (body: Record<string, unknown>) =>
      api.request('POST', '/v1/payins', { token: account.token, body });
    const read = (payin_id: string) =>
      api.eventually(
        async () =>
          (await api.request('GET', `/v1/payins/${payin_id}`, { token: account.token })).body,
        (payin) => payin.status !== 'pending',
      );
    const saving = await create(card({ save_card: true }));
    expect(saving.status).toBe(201);
    const token = new URL(saving.body.payment_url).pathname.split('/').pop();
    expect((await api.request('POST', `/pay/card/${token}`)).status).toBe(200);
    const paid = await read(saving.body.payin_id);
    expect(paid.status).toBe('credited');
    return { ...account, create, read, saved: paid };
  }

  it('saves the card of a paid payin and lists it', async () => {
    const account = await accountWithCard('stored-save');
    expect(account.saved.instrument_id).toEqual(expect.any(String));
    const listed = await api.request('GET', '/v1/payins/cards', { token: account.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ page: 1, page_size: 20 });
    expect(listed.body.cards).toEqual([
      expect.objectContaining({
        instrument_id: account.saved.instrument_id,
        brand: 'visa',
        last4: '4242',
        country: 'US',
        currency: 'USD',
        status: 'active',
        source_payin_id: account.saved.payin_id,
      }),
    ]);
    // A card payin without save_card stores nothing.
    const plain = await account.create(card());
    expect(plain.body.instrument_id).toBeNull();
    const other = await api.account('stored-other');
    const others = await api.request('GET', '/v1/payins/cards', { token: other.token });
    expect(others.body.cards).toEqual([]);
  });

  it('charges a stored card at once and credits it without a hosted page', async () => {
    const account = await accountWithCard('stored-charge');
    const instrument_id = account.saved.instrument_id as string;
    const charged = await account.create({
      method: 'card',
      country: 'US',
      currency: 'USD',
      amount: '40.00',
      instrument_id,
    });
    expect(charged.status).toBe(201);
    expect(charged.body).toMatchObject({ instrument_id, payment_url: null });
    expect(charged.body.instructions).toMatchObject({ type: 'stored_card', last4: '4242' });
    const credited = await account.read(charged.body.payin_id);
    expect(credited.status).toBe('credited');
    const movements = await api.movementsOf(account.account_id, charged.body.payin_id, 1);
    expect(movements).toHaveLength(1);
    const by_card = await api.request('GET', `/v1/payins?instrument_id=${instrument_id}`, {
      token: account.token,
    });
    expect(by_card.body.payins.map((payin: { payin_id: string }) => payin.payin_id)).toEqual([
      charged.body.payin_id,
      account.saved.payin_id,
    ]);

    const mismatch = await account.create({
      method: 'card',
      country: 'MX',
      currency: 'MXN',
      amount: '40.00',
      instrument_id,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toBe('stored_card_corridor_mismatch');
    const with_save = await account.create(card({ instrument_id, save_card: true }));
    expect(with_save.status).toBe(400);
    const other = await api.account('stored-thief');
    const stolen = await api.request('POST', '/v1/payins', {
      token: other.token,
      body: card({ instrument_id }),
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toBe('not_found');
    const not_card = await account.create({
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '5.00',
      instrument_id,
    });
    expect(not_card.status).toBe(400);
  });

  it('revokes a card: charges then answer stored_card_revoked', async () => {
    const account = await accountWithCard('stored-revoke');
    const instrument_id = account.saved.instrument_id as string;
    const other = await api.account('stored-revoke-other');
    const foreign = await api.request('DELETE', `/v1/payins/cards/${instrument_id}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    const revoked = await api.request('DELETE', `/v1/payins/cards/${instrument_id}`, {
      token: account.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ instrument_id, status: 'revoked' });
    const charge = await account.create(card({ instrument_id }));
    expect(charge.status).toBe(422);
    expect(charge.body.error).toBe('stored_card_revoked');
    const listed = await api.request('GET', '/v1/payins/cards', { token: account.token });
    expect(listed.body.cards[0].status).toBe('revoked');
  });

  it('answers verification_required to a stored-card charge of an unverified account', async () => {
    const live = payinsClient(platform, 'live');
    try {
      const account = await live.account('stored-unverified');
      const charge = await live.request('POST', '/v1/payins', {
        token: account.token,
        body: card({ instrument_id: '00000000-0000-4000-8000-000000000000' }),
      });
      expect(charge.status).toBe(403);
      expect(charge.body.error).toBe('verification_required');
    } finally {
      await live.close();
    }
  });

  it('documents stored cards, the operators’ confirmation and the public pull collection', async () => {
    const document = await api.request('GET', '/openapi.json');
    expect(document.status).toBe(200);
    const paths = document.body.paths as Record<string, Record<string, { description?: string }>>;
    expect(paths['/v1/payins/cards']?.get?.description).toContain('stored_card_revoked');
    expect(paths['/v1/payins/cards/{id}']?.delete).toBeDefined();
    expect(paths['/v1/payins/{id}/confirm-received']?.post?.description).toContain(
      'two different members',
    );
    expect(paths['/v1/payins/{id}/confirm-approve']?.post).toBeDefined();
    expect(paths['/v1/payins/{id}/confirm-cancel']?.post).toBeDefined();
    expect(paths['/pay/{token}/collect']?.post?.description).toContain('checkout_amount_mismatch');
    expect(paths['/pay/{token}/collect/otp']?.post).toBeDefined();
  });
});
