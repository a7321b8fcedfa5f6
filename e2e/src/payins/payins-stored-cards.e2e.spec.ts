import { startPlatform, type E2ePlatform } from '../harness';
import { cardPayin as card, payinsClient, type PayinsClient } from '../clients';

/** Cards saved by a paid card payin (`save_card`), listed, charged by `instrument_id`, revoked. */
describe('payins: stored cards', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payinstoredcards',
      settings: { SANDBOX_STEP_MS: '50' },
      live: true,
    });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const listCards = (token: string) => api.request('GET', '/v1/payins/cards', { token });

  async function accountWithCard(label: string) {
    const account = await api.account(label);
    const create = (body: Record<string, unknown>) => api.create(account, body);
    const read = (payin_id: string) => api.awaitSettled(account, payin_id);
    const saving = await create(card({ save_card: true }));
    expect(saving.status).toBe(201);
    expect((await api.submitCardPage(saving.body.payment_url)).status).toBe(200);
    const paid = await read(saving.body.payin_id);
    expect(paid.status).toBe('credited');
    return { ...account, create, read, saved: paid };
  }

  it('saves the card of a paid payin and lists it', async () => {
    const account = await accountWithCard('stored-save');
    expect(account.saved.instrument_id).toEqual(expect.any(String));
    const listed = await listCards(account.access_token);
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
    const others = await listCards(other.access_token);
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
    const movements = await api.movementsOf(account, charged.body.payin_id, 1);
    expect(movements).toHaveLength(1);
    const by_card = await api.list(account, `?instrument_id=${instrument_id}`);
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
    const stolen = await api.create(other, card({ instrument_id }));
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
    const revoke = (token: string) =>
      api.request('DELETE', `/v1/payins/cards/${instrument_id}`, { token });
    const foreign = await revoke(other.access_token);
    expect(foreign.status).toBe(404);
    const revoked = await revoke(account.access_token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ instrument_id, status: 'revoked' });
    const charge = await account.create(card({ instrument_id }));
    expect(charge.status).toBe(422);
    expect(charge.body.error).toBe('stored_card_revoked');
    const listed = await listCards(account.access_token);
    expect(listed.body.cards[0].status).toBe('revoked');
  });

  it('answers verification_required to a stored-card charge of an unverified account', async () => {
    const live = payinsClient(platform.environments.live);
    const account = await live.account('stored-unverified');
    const charge = await live.create(
      account,
      card({ instrument_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(charge.status).toBe(403);
    expect(charge.body.error).toBe('verification_required');
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
