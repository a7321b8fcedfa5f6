import { createPool } from '@platform/persistence';
import { payinsClient, type PayinsClient } from './payins-int-client';
import { startTestPlatform, TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

const PASSWORD = 'correct horse battery';

/** The EC/USD manual confirmation of bank-transfer payins by two different operators. */
describe('payins: manual confirmation by two operators', () => {
  let platform: TestPlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startTestPlatform('payinconfirm', { SANDBOX_STEP_MS: '50' });
    api = payinsClient(platform);
  });

  afterAll(async () => {
    await api.close();
    await platform.dispose();
  });

  /** A company account with its owner's session, an operator, a viewer and an API key. */
  async function team(label: string) {
    const owner = await api.account(label);
    const member = async (role: string) => {
      const email = `${label}-${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const created = await api.request('POST', '/v1/members', {
        token: owner.token,
        body: { email, password: PASSWORD, role },
      });
      if (created.status !== 201) throw new Error(`member: ${created.text}`);
      const login = await api.request('POST', '/v1/auth/login', {
        body: { org: 'demo', email, password: PASSWORD },
      });
      if (login.status !== 200) throw new Error(`login: ${login.text}`);
      return { id: created.body.id as string, token: login.body.access_token as string };
    };
    const key = await api.request('POST', '/v1/api-keys', {
      token: owner.token,
      body: { label: 'confirm' },
    });
    const members = await api.request('GET', '/v1/members', { token: owner.token });
    const owner_id = (members.body.members as { id: string; role: string }[]).find(
      (entry) => entry.role === 'owner',
    )?.id;
    return {
      ...owner,
      owner_id,
      operator: await member('operator'),
      viewer: await member('viewer'),
      api_key: key.body.token as string,
    };
  }

  type Team = Awaited<ReturnType<typeof team>>;

  const ecPayin = async (account: Team, amount = '150.00') => {
    const created = await api.request('POST', '/v1/payins', {
      token: account.token,
      body: { method: 'bank_transfer', country: 'EC', currency: 'USD', amount },
    });
    expect(created.status).toBe(201);
    return created.body.payin_id as string;
  };

  const confirm = (
    payin_id: string,
    step: 'received' | 'approve' | 'cancel',
    credential: { token?: string; api_key?: string },
    body?: Record<string, unknown>,
  ) =>
    api.request('POST', `/v1/payins/${payin_id}/confirm-${step}`, {
      ...(credential.token ? { token: credential.token } : {}),
      ...(credential.api_key ? { headers: { 'x-api-key': credential.api_key } } : {}),
      ...(body ? { body } : {}),
    });

  const receipt = { amount: '150', bank_reference: 'EC-BANK-0001' };

  it('lists EC/USD bank transfers as manually confirmed and leaves them pending', async () => {
    const account = await team('confirm-catalog');
    const catalog = await api.request('GET', '/v1/payins/methods', { token: account.token });
    expect(catalog.body.methods).toContainEqual(
      expect.objectContaining({
        method: 'bank_transfer',
        country: 'EC',
        currency: 'USD',
        manual_confirmation: true,
      }),
    );
    const payin_id = await ecPayin(account);
    // A US bank transfer created after it is credited by the simulator; the EC one is not.
    const us = await api.request('POST', '/v1/payins', {
      token: account.token,
      body: { method: 'bank_transfer', country: 'US', currency: 'USD', amount: '20.00' },
    });
    await api.eventually(
      async () =>
        (await api.request('GET', `/v1/payins/${us.body.payin_id}`, { token: account.token })).body,
      (payin) => payin.status === 'credited',
    );
    const ec = await api.request('GET', `/v1/payins/${payin_id}`, { token: account.token });
    expect(ec.body.status).toBe('pending');
    // A corridor the rail reports takes no confirmation.
    const refused = await confirm(us.body.payin_id, 'received', { token: account.token }, receipt);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('method_unavailable');
  });

  it('records a receipt, refuses the same person approving it, and credits on a second operator', async () => {
    const account = await team('confirm-approve');
    const payin_id = await ecPayin(account);

    const wrong_amount = await confirm(
      payin_id,
      'received',
      { token: account.token },
      {
        ...receipt,
        amount: '149.99',
      },
    );
    expect(wrong_amount.status).toBe(409);
    expect(wrong_amount.body.error).toBe('confirm_account_mismatch');
    const other = await api.account('confirm-other');
    const wrong_account = await confirm(
      payin_id,
      'received',
      { token: account.token },
      {
        ...receipt,
        account_id: other.account_id,
      },
    );
    expect(wrong_account.status).toBe(409);
    expect(wrong_account.body.error).toBe('confirm_account_mismatch');
    const too_early = await confirm(payin_id, 'approve', account.operator);
    expect(too_early.status).toBe(409);
    expect(too_early.body.error).toBe('confirm_request_conflict');

    const received = await confirm(
      payin_id,
      'received',
      { token: account.token },
      {
        ...receipt,
        account_id: account.account_id,
      },
    );
    expect(received.status).toBe(200);
    expect(received.body.status).toBe('pending');
    expect(received.body.confirmation).toMatchObject({
      received_by: account.owner_id,
      bank_reference: 'EC-BANK-0001',
      decision: null,
    });
    const repeated = await confirm(payin_id, 'received', account.operator, receipt);
    expect(repeated.status).toBe(200);
    expect(repeated.body.confirmation.received_by).toBe(account.owner_id);
    const different = await confirm(payin_id, 'received', account.operator, {
      ...receipt,
      bank_reference: 'EC-BANK-0002',
    });
    expect(different.status).toBe(409);
    expect(different.body.error).toBe('confirm_request_conflict');

    // The owner, by session or by API key, is one person: neither may approve their receipt.
    for (const credential of [{ token: account.token }, { api_key: account.api_key }]) {
      const self = await confirm(payin_id, 'approve', credential);
      expect(self.status).toBe(409);
      expect(self.body.error).toBe('confirm_request_conflict');
    }
    const viewer = await confirm(payin_id, 'approve', account.viewer);
    expect(viewer.status).toBe(403);
    const stranger = await confirm(payin_id, 'approve', other);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('not_found');
    expect(
      (await api.request('GET', `/v1/payins/${payin_id}`, { token: account.token })).body.status,
    ).toBe('pending');

    const approved = await confirm(payin_id, 'approve', account.operator);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('credited');
    expect(approved.body.confirmation).toMatchObject({
      decision: 'approved',
      decided_by: account.operator.id,
    });
    const events = await api.eventsOf(payin_id);
    expect(events.map((event) => event.type)).toEqual(['payins.payin_credited']);
    expect(events[0].data).toMatchObject({
      country: 'EC',
      currency: 'USD',
      local_amount: '150.00',
    });
    const movements = await api.movementsOf(account.account_id, payin_id, 1);
    expect(movements).toHaveLength(1);
    expect(movements[0].kind).toBe('payin');

    expect((await confirm(payin_id, 'approve', account.operator)).status).toBe(200);
    const cancel_after = await confirm(payin_id, 'cancel', account.operator);
    expect(cancel_after.status).toBe(409);
    expect(cancel_after.body.error).toBe('confirm_request_conflict');
    expect(await api.movementsOf(account.account_id, payin_id, 1)).toHaveLength(1);
  });

  it('lets a second operator cancel a receipt: the payin fails and nothing is credited', async () => {
    const account = await team('confirm-cancel');
    const payin_id = await ecPayin(account, '80.50');
    const received = await confirm(payin_id, 'received', account.operator, {
      amount: '80.5',
      bank_reference: 'EC-CANCEL-1',
    });
    expect(received.status).toBe(200);
    const self = await confirm(payin_id, 'cancel', account.operator);
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('confirm_request_conflict');

    const cancelled = await confirm(payin_id, 'cancel', { api_key: account.api_key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('failed');
    expect(cancelled.body.failure).toMatchObject({
      origin: 'core',
      code: 'confirmation_cancelled',
    });
    expect(cancelled.body.confirmation).toMatchObject({
      decision: 'cancelled',
      decided_by: account.owner_id,
    });
    const events = await api.eventsOf(payin_id);
    expect(events.map((event) => event.type)).toEqual(['payins.payin_expired']);
    const approve_after = await confirm(payin_id, 'approve', { token: account.token });
    expect(approve_after.status).toBe(409);
    expect(approve_after.body.error).toBe('confirm_request_conflict');
  });

  /**
   * The ledger cannot say which asset an account takes payins in (its settings table is gone for
   * a while): the credit waits, retryable, instead of landing in a default asset for good.
   */
  describe("when the ledger cannot read the account's payin asset", () => {
    const ledgerSettings = async (sql: string) => {
      const ledger = createPool({
        url: platform.environments.test.database_url,
        schema: 'ledger',
        max_connections: 1,
      });
      try {
        await ledger.query(sql);
      } finally {
        await ledger.end();
      }
    };
    const breakSettings = () =>
      ledgerSettings('alter table ledger.account_settings rename to account_settings_away');
    const restoreSettings = () =>
      ledgerSettings('alter table ledger.account_settings_away rename to account_settings');

    const takingUsdt = async (label: string) => {
      const account = await team(label);
      const settlement = await api.request('PUT', '/v1/settlement', {
        token: account.token,
        body: { default_payin_asset: 'USDT' },
      });
      expect(settlement.body.payin_settlement_asset).toBe('USDT');
      return account;
    };

    it('answers the approval 503 recovery_pending, credits nothing, and credits the account asset on retry', async () => {
      const account = await takingUsdt('confirm-lookup');
      const payin_id = await ecPayin(account);
      expect((await confirm(payin_id, 'received', { token: account.token }, receipt)).status).toBe(
        200,
      );
      await breakSettings();
      try {
        const approved = await confirm(payin_id, 'approve', account.operator);
        expect([approved.status, approved.body.error]).toEqual([503, 'recovery_pending']);
        const read = await api.request('GET', `/v1/payins/${payin_id}`, { token: account.token });
        expect(read.body).toMatchObject({ status: 'pending', credit_asset: null });
        expect(await api.eventsOf(payin_id)).toEqual([]);
      } finally {
        await restoreSettings();
      }
      const retried = await confirm(payin_id, 'approve', account.operator);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'credited', credit_asset: 'USDT' });
      expect(await api.movementsOf(account.account_id, payin_id, 1)).toEqual([
        { asset: 'USDT', amount: '150.000000', kind: 'payin' },
      ]);
    });

    it('leaves a converted collection pending on the worker and credits it in the account asset once the ledger answers', async () => {
      const account = await takingUsdt('worker-lookup');
      const create = async (body: Record<string, unknown>) => {
        const created = await api.request('POST', '/v1/payins', { token: account.token, body });
        expect(created.status).toBe(201);
        return created.body.payin_id as string;
      };
      const read = async (payin_id: string) =>
        (await api.request('GET', `/v1/payins/${payin_id}`, { token: account.token })).body;
      await breakSettings();
      let converted: string;
      try {
        converted = await create({
          method: 'bank_transfer',
          country: 'US',
          currency: 'USD',
          amount: '20.00',
        });
        // A BOB payin kept in its own balance asks no settlement: once the worker credited it,
        // it has tried the converted one (due first) too.
        const local = await create({
          method: 'qr',
          country: 'BO',
          currency: 'BOB',
          amount: '69.60',
          fiat_hold_local: true,
        });
        await api.eventually(
          () => read(local),
          (payin) => payin.status === 'credited',
        );
        expect(await read(converted)).toMatchObject({ status: 'pending', credit_asset: null });
      } finally {
        await restoreSettings();
      }
      const credited = await api.eventually(
        () => read(converted),
        (payin) => payin.status !== 'pending',
      );
      expect(credited).toMatchObject({ status: 'credited', credit_asset: 'USDT' });
      expect(await api.movementsOf(account.account_id, converted, 1)).toEqual([
        { asset: 'USDT', amount: '20.000000', kind: 'payin' },
      ]);
    });
  });

  it('lets the platform operator confirm live manual-connector payins', async () => {
    const live = payinsClient(platform, 'live');
    const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    try {
      const account = await live.account('live-confirm');
      // The live environment has no sandbox verification: stand in for the provider's approval.
      const identity = createPool({
        url: platform.environments.live.database_url,
        schema: 'identity',
        max_connections: 1,
      });
      await identity.query("update accounts set kyc_status = 'approved' where id = $1", [
        account.account_id,
      ]);
      await identity.end();
      const create = async (amount: string) => {
        const created = await live.request('POST', '/v1/payins', {
          token: account.token,
          body: { method: 'bank_transfer', country: 'US', currency: 'USD', amount },
        });
        expect(created.status).toBe(201);
        return created.body.payin_id as string;
      };
      const paid_id = await create('30.00');
      const route = (payin_id: string) => `/admin/v1/payins/${payin_id}/confirm`;
      expect((await live.request('POST', route(paid_id), { body: {} })).status).toBe(401);
      const paid = await live.request('POST', route(paid_id), { headers: operator, body: {} });
      expect(paid.status).toBe(200);
      expect(paid.body.status).toBe('credited');
      expect((await live.eventsOf(paid_id)).map((event) => event.type)).toEqual([
        'payins.payin_credited',
      ]);
      const again = await live.request('POST', route(paid_id), { headers: operator, body: {} });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('confirm_request_conflict');

      const failed_id = await create('12.00');
      const failed = await live.request('POST', route(failed_id), {
        headers: operator,
        body: { outcome: 'failed' },
      });
      expect(failed.status).toBe(200);
      expect(failed.body.status).toBe('failed');
      expect((await live.eventsOf(failed_id)).map((event) => event.type)).toEqual([
        'payins.payin_expired',
      ]);

      // A sandbox payin is reported by the simulator, not by the operator.
      const sandbox = await api.account('live-confirm-sandbox');
      const simulated = await api.request('POST', '/v1/payins', {
        token: sandbox.token,
        body: { method: 'bank_transfer', country: 'US', currency: 'USD', amount: '9.77' },
      });
      const refused = await api.request('POST', route(simulated.body.payin_id), {
        headers: operator,
        body: {},
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('method_unavailable');
    } finally {
      await live.close();
    }
  });
});
