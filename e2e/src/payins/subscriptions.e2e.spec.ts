import { startPlatform, type E2ePlatform } from '../harness';
import { subscriptionsClient, type SubscriptionsClient } from '../clients';

const DAY_MS = 86_400_000;

/**
 * Subscriptions over HTTP: create (idempotent), read, list, BOLA, the refusals with the spec's
 * codes, pause/resume/cancel, and charges made by the job scheduler and the sandbox's advance
 * (each a card payin of the stored card; a revoked card fails the charge).
 */
describe('payins: subscriptions', () => {
  let platform: E2ePlatform;
  let api: SubscriptionsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'subscriptions',
      settings: { SANDBOX_STEP_MS: '50' },
      live: true,
    });
    api = subscriptionsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString();
  const monthly = (card_id: string, overrides: Record<string, unknown> = {}) => ({
    stored_card_id: card_id,
    amount: '25.00',
    currency: 'USD',
    interval: 'monthly',
    start_at: tomorrow(),
    ...overrides,
  });

  it('creates a subscription once per idempotency key and reads it back', async () => {
    const account = await api.accountWithCard('subs-create');
    const body: Record<string, unknown> = monthly(account.card_id, {
      idempotency_key: 'subs-create-1',
    });
    const created = await api.create(account, body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      subscription_id: expect.any(String),
      stored_card_id: account.card_id,
      amount: '25.00',
      currency: 'USD',
      country: 'US',
      interval: 'monthly',
      status: 'active',
      start_at: body.start_at,
      next_charge_at: body.start_at,
      last_charge_status: null,
      last_charge_at: null,
      created_at: expect.any(String),
      canceled_at: null,
    });
    const id = created.body.subscription_id as string;
    // The same key: the same subscription (200), `25.0` equals `25.00`; from the header too.
    const again = await api.create(account, { ...body, amount: '25.0' });
    expect(again.status).toBe(200);
    expect(again.body.subscription_id).toBe(id);
    const { idempotency_key: _key, ...without_key } = body;
    const by_header = await api.create(account, without_key, {
      'idempotency-key': 'subs-create-1',
    });
    expect(by_header.status).toBe(200);
    expect(by_header.body.subscription_id).toBe(id);
    expect(by_header.headers.get('idempotent-replayed')).toBe('true');
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    const conflict = await api.create(account, { ...body, amount: '26.00' });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      error: 'idempotency_conflict',
      message: expect.any(String),
      request_id: expect.any(String),
    });

    expect((await api.get(account, id)).body).toEqual(created.body);
    const listed = await api.list(account);
    expect(listed.body).toMatchObject({ page: 1, page_size: 20 });
    expect(
      listed.body.subscriptions.map((row: { subscription_id: string }) => row.subscription_id),
    ).toEqual([id]);
    expect((await api.list(account, '?status=paused')).body.subscriptions).toEqual([]);
    expect((await api.list(account, '?status=gone')).body.error).toBe('invalid_status');

    const other = await api.payins.account('subs-create-other');
    const foreign = await api.get(other, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    expect((await api.charges(other, id)).status).toBe(404);
    expect((await api.change(other, id, 'cancel')).status).toBe(404);
    expect((await api.list(other)).body.subscriptions).toEqual([]);
  });

  it('refuses bad requests with the spec codes, storing nothing; a replay outlives a revoked card', async () => {
    const account = await api.accountWithCard('subs-refuse');
    const refused = async (body: Record<string, unknown>, status: number, error: string) => {
      const answer = await api.create(account, body);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({
        error,
        message: expect.any(String),
        request_id: expect.any(String),
      });
    };
    await refused(monthly(account.card_id, { interval: 'hourly' }), 400, 'invalid_interval');
    await refused(monthly(account.card_id, { interval: undefined }), 400, 'invalid_interval');
    await refused(monthly(account.card_id, { amount: '-5' }), 400, 'invalid_amount');
    await refused(monthly(account.card_id, { amount: '5.001' }), 400, 'invalid_amount');
    await refused(monthly(account.card_id, { start_at: 'soon' }), 400, 'invalid_request');
    await refused(
      monthly(account.card_id, { currency: 'MXN' }),
      422,
      'stored_card_corridor_mismatch',
    );
    await refused(
      monthly(account.card_id, { idempotency_key: 'subscription:x:0' }),
      400,
      'reserved_idempotency_key',
    );
    const stranger = await api.accountWithCard('subs-refuse-stranger');
    await refused(monthly(stranger.card_id), 404, 'not_found');
    await refused(monthly('not-a-card'), 404, 'not_found');
    expect((await api.list(account)).body.subscriptions).toEqual([]);

    const kept_body = monthly(account.card_id, { idempotency_key: 'subs-refuse-kept' });
    const kept = await api.create(account, kept_body);
    expect(kept.status).toBe(201);
    // A used key with a body that does not even validate differs from the original.
    await refused({ ...kept_body, interval: 'hourly' }, 409, 'idempotency_conflict');
    const revoked = await api.payins.request('DELETE', `/v1/payins/cards/${account.card_id}`, {
      token: account.access_token,
    });
    expect(revoked.status).toBe(200);
    await refused(monthly(account.card_id), 422, 'stored_card_revoked');
    // A repeat of the request made before the card was revoked answers what it created.
    const replayed = await api.create(account, kept_body);
    expect(replayed.status).toBe(200);
    expect(replayed.body.subscription_id).toBe(kept.body.subscription_id);
    expect((await api.list(account)).body.subscriptions).toHaveLength(1);
  });

  it('answers verification_required in live, where the sandbox routes do not exist', async () => {
    const live = subscriptionsClient(platform.environments.live);
    const account = await live.payins.account('subs-live');
    const answer = await live.create(account, monthly('00000000-0000-4000-8000-000000000000'));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('verification_required');
    const advance = await live.advance(account, '00000000-0000-4000-8000-000000000000');
    expect(advance.status).toBe(404);
  });

  it('charges the first period at once through the scheduler: a credited card payin', async () => {
    const account = await api.accountWithCard('subs-due');
    const created = await api.create(account, monthly(account.card_id, { start_at: undefined }));
    expect(created.status).toBe(201);
    const id = created.body.subscription_id as string;
    const [charge] = await api.awaitCharges(account, id, 1);
    expect(charge).toEqual({
      subscription_id: id,
      period_index: 0,
      due_at: created.body.start_at,
      status: 'succeeded',
      payin_id: expect.any(String),
      failure_reason: null,
      charged_at: expect.any(String),
    });
    const payin = await api.payins.awaitPayin(
      account,
      charge.payin_id,
      (read) => read.status === 'credited',
    );
    expect(payin).toMatchObject({
      method: 'card',
      amount: '25.00',
      instrument_id: account.card_id,
      idempotency_key: null,
    });
    const events = await api.payins.eventsOf(account, charge.payin_id, 1);
    expect(events.map((event) => event.type)).toContain('payin_credited');
    const read = (await api.get(account, id)).body;
    expect(read).toMatchObject({ status: 'active', last_charge_status: 'succeeded' });
    expect(Date.parse(read.next_charge_at)).toBeGreaterThan(Date.now());
    // Only one charge for the period, however often the queue looks.
    expect((await api.charges(account, id)).body.charges).toHaveLength(1);
  });

  it('pauses, resumes and cancels; an impossible change is subscription_state', async () => {
    const account = await api.accountWithCard('subs-states');
    const id = (await api.create(account, monthly(account.card_id))).body.subscription_id as string;
    const paused = await api.change(account, id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('paused');
    const paused_again = await api.change(account, id, 'pause');
    expect(paused_again.status).toBe(200);
    expect(paused_again.body).toEqual(paused.body);
    expect((await api.list(account, '?status=paused')).body.subscriptions).toHaveLength(1);
    const advance_paused = await api.advance(account, id);
    expect(advance_paused.status).toBe(409);
    expect(advance_paused.body.error).toBe('subscription_state');
    const resumed = await api.change(account, id, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      status: 'active',
      next_charge_at: paused.body.next_charge_at,
    });
    expect((await api.change(account, id, 'resume')).status).toBe(200);
    const canceled = await api.change(account, id, 'cancel');
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 'canceled',
      next_charge_at: null,
      canceled_at: expect.any(String),
    });
    expect((await api.change(account, id, 'cancel')).body).toEqual(canceled.body);
    for (const action of ['pause', 'resume'] as const) {
      const refused = await api.change(account, id, action);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: 'subscription_state',
        message: expect.any(String),
        request_id: expect.any(String),
      });
    }
    expect((await api.advance(account, id)).body.error).toBe('subscription_state');
  });

  it('advances period by period; a revoked card fails the charge and the subscription stays active', async () => {
    const account = await api.accountWithCard('subs-advance');
    const id = (await api.create(account, monthly(account.card_id))).body.subscription_id as string;
    const first = await api.advance(account, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ period_index: 0, status: 'succeeded' });
    const second = await api.advance(account, id);
    expect(second.body).toMatchObject({ period_index: 1, status: 'succeeded' });
    expect(second.body.payin_id).not.toBe(first.body.payin_id);
    await api.payins.request('DELETE', `/v1/payins/cards/${account.card_id}`, {
      token: account.access_token,
    });
    const failed = await api.advance(account, id);
    expect(failed.body).toMatchObject({
      period_index: 2,
      status: 'failed',
      payin_id: null,
      failure_reason: 'stored_card_revoked',
    });
    const charges = (await api.charges(account, id)).body;
    expect(charges).toMatchObject({ page: 1, page_size: 20 });
    expect(charges.charges.map((charge: { period_index: number }) => charge.period_index)).toEqual([
      2, 1, 0,
    ]);
    expect((await api.get(account, id)).body).toMatchObject({
      status: 'active',
      last_charge_status: 'failed',
    });
    // Each successful period is one card payin of the stored card.
    const by_card = await api.payins.list(account, `?instrument_id=${account.card_id}`);
    expect(by_card.body.payins.map((payin: { payin_id: string }) => payin.payin_id)).toEqual(
      expect.arrayContaining([first.body.payin_id, second.body.payin_id]),
    );
  });

  it('documents every subscription route', async () => {
    const document = await api.payins.request('GET', '/openapi.json');
    const paths = document.body.paths as Record<string, Record<string, { description?: string }>>;
    expect(paths['/v1/subscriptions']?.post?.description).toContain('invalid_interval');
    expect(paths['/v1/subscriptions']?.get).toBeDefined();
    expect(paths['/v1/subscriptions/{id}']?.get).toBeDefined();
    expect(paths['/v1/subscriptions/{id}/charges']?.get).toBeDefined();
    for (const action of ['pause', 'resume', 'cancel'])
      expect(paths[`/v1/subscriptions/{id}/${action}`]?.post?.description).toContain(
        'subscription_state',
      );
    expect(paths['/v1/sandbox/subscriptions/{id}/advance']?.post).toBeDefined();
  });
});
