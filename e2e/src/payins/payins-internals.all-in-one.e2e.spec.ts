import type { Environment } from '@platform/contracts';
import { createPool } from '@platform/persistence';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import { c2pCollection, payinsClient, verificationClient, type PayinsClient } from '../clients';

/**
 * The payins cases that need a change no route makes, written into the platform's database:
 * time passing for a card settlement and a checkout link (`settle_at`, `expires_at` moved back),
 * the ledger unable to read an account's payin asset (its settings table renamed away), and a
 * live account's KYC approval (live has no sandbox verification). Everything else goes over HTTP.
 */
describe('payins: what only the platform’s insides can set up', () => {
  let platform: E2eAllInOnePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'payininternals',
      live: true,
      settings: { SANDBOX_STEP_MS: '50', PAYINS_SETTLEMENT_INTERVAL_MS: '100' },
    });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  /** One statement on a service's schema of an environment's database. */
  async function sql(environment: Environment, schema: string, text: string, values: unknown[]) {
    const { database_url } = platform.internals(environment);
    const pool = createPool({ url: database_url, schema, max_connections: 1 });
    try {
      await pool.query(text, values);
    } finally {
      await pool.end();
    }
  }

  /** Moves a payin's expiry (the sandbox's way to let time pass). */
  const setExpiry = (payin_id: string, expires_at: Date) =>
    sql('test', 'payins', 'update payins set expires_at = $2 where payin_id = $1', [
      payin_id,
      expires_at,
    ]);

  describe('cards and checkout links as time passes', () => {
    it('credits a scheduled card payin when the settlement worker finds it due', async () => {
      const account = await api.account('card-worker');
      const created = await api.create(account, {
        method: 'card',
        country: 'US',
        currency: 'USD',
        amount: '12.00',
        customer: { name: 'Ada Payer', email: 'ada@example.com' },
        settlement_hours: 48,
      });
      expect((await api.submitCardPage(created.body.payment_url)).status).toBe(200);
      await api.awaitPayin(account, created.body.payin_id, (p) => p.settlement_pending === true);
      // Let the settlement day come: the worker runs every PAYINS_SETTLEMENT_INTERVAL_MS.
      await sql(
        'test',
        'payins',
        `update payins set settle_at = now() - interval '1 second' where payin_id = $1`,
        [created.body.payin_id],
      );
      const settled = await api.awaitPayin(
        account,
        created.body.payin_id,
        (p) => !p.settlement_pending,
      );
      expect(settled.settled_at).toEqual(expect.any(String));
    });

    it('refuses card with under 5 minutes left, and any method once expired', async () => {
      const account = await api.account('checkout-expiring');
      const { created, path } = await api.checkoutLink(account);
      await setExpiry(created.body.payin_id, new Date(Date.now() + 4 * 60_000));
      const quote = await api.request('GET', `${path}/quote`);
      expect(quote.body.cards).toContainEqual(expect.objectContaining({ available: false }));
      const card_attempt = await api.request('POST', `${path}/methods/card`);
      expect(card_attempt.status).toBe(422);
      expect(card_attempt.body.error).toBe('checkout_expiring_soon');

      await setExpiry(created.body.payin_id, new Date(Date.now() - 1000));
      const late = await api.request('POST', `${path}/methods/qr?country=BO&currency=BOB`);
      expect(late.status).toBe(410);
      expect(late.body.error).toBe('checkout_expired');
      const state = await api.awaitLinkClosed(path);
      expect(state.status).toBe('expired');
      expect(state.conversion_status).toBe('pending');
      const events = await api.eventsOf(account, created.body.payin_id, 1);
      expect(events[0]).toMatchObject({
        type: 'payin_expired',
        data: { status: 'expired', currency: 'USDT', local_amount: '10.000000' },
      });
    });

    it('keeps a payment to an expired link as unassigned with match_reason', async () => {
      const account = await api.account('checkout-unassigned');
      const { created, path } = await api.checkoutLink(account);
      const attempt = await api.request('POST', `${path}/methods/card`);
      expect(attempt.status).toBe(201);
      await setExpiry(created.body.payin_id, new Date(Date.now() - 1000));
      expect((await api.submitCardPage(attempt.body.payin.payment_url)).status).toBe(200);
      const deposit = await api.awaitSettled(account, attempt.body.payin.payin_id);
      expect(deposit).toMatchObject({
        status: 'unassigned',
        match_reason: 'checkout_link_expired',
      });
      const listing = await api.list(account, '?status=unassigned');
      expect(listing.body.payins).toHaveLength(1);
    });

    it('answers checkout_expired on an expired link and not_found on an unknown token', async () => {
      const account = await api.account('checkout-c2p-expired');
      const { path } = await api.checkoutLink(account);
      const state = await api.linkState(path);
      await setExpiry(state.checkout_id, new Date(Date.now() - 1000));
      const expired = await api.request('POST', `${path}/collect`, { body: c2pCollection() });
      expect(expired.status).toBe(410);
      expect(expired.body.error).toBe('checkout_expired');
      const unknown = await api.request('POST', '/pay/no-such-token/collect', {
        body: c2pCollection(),
      });
      expect(unknown.status).toBe(404);
    });
  });

  /**
   * The ledger cannot say which asset an account takes payins in (its settings table is gone for
   * a while): the credit waits, retryable, instead of landing in a default asset for good.
   */
  describe("manual confirmation when the ledger cannot read the account's payin asset", () => {
    const ledgerSettings = (statement: string) => sql('test', 'ledger', statement, []);
    const breakSettings = () =>
      ledgerSettings('alter table ledger.account_settings rename to account_settings_away');
    const restoreSettings = () =>
      ledgerSettings('alter table ledger.account_settings_away rename to account_settings');

    const takingUsdt = async () => {
      const account = await api.confirmationTeam();
      const settlement = await api.setDefaultPayinAsset(account, 'USDT');
      expect(settlement.body.payin_settlement_asset).toBe('USDT');
      return account;
    };
    const receipt = { amount: '150', bank_reference: 'EC-BANK-0001' };

    it('answers the approval 503 recovery_pending, credits nothing, and credits the account asset on retry', async () => {
      const account = await takingUsdt();
      const payin_id = await api.manualTransfer(account);
      const owner = { token: account.access_token };
      expect((await api.confirmStep(payin_id, 'received', owner, receipt)).status).toBe(200);
      await breakSettings();
      try {
        const approved = await api.confirmStep(payin_id, 'approve', account.operator);
        expect([approved.status, approved.body.error]).toEqual([503, 'recovery_pending']);
        expect(await api.get(account, payin_id)).toMatchObject({
          status: 'pending',
          credit_asset: null,
        });
        expect(await api.eventsOf(account, payin_id, 0)).toEqual([]);
      } finally {
        await restoreSettings();
      }
      const retried = await api.confirmStep(payin_id, 'approve', account.operator);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'credited', credit_asset: 'USDT' });
      expect(await api.movementsOf(account, payin_id, 1)).toEqual([
        { asset: 'USDT', amount: '150.000000', kind: 'payin' },
      ]);
      // Events are published a moment later: the refused approval left none before the credit.
      const events = await api.eventsOf(account, payin_id, 1);
      expect(events.map((event) => event.type)).toEqual(['payin_credited']);
    });

    it('leaves a converted collection pending on the worker and credits it in the account asset once the ledger answers', async () => {
      const account = await takingUsdt();
      const create = async (body: Record<string, unknown>) => {
        const created = await api.create(account, body);
        expect(created.status).toBe(201);
        return created.body.payin_id as string;
      };
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
        await api.awaitPayin(account, local, (payin) => payin.status === 'credited');
        expect(await api.get(account, converted)).toMatchObject({
          status: 'pending',
          credit_asset: null,
        });
      } finally {
        await restoreSettings();
      }
      const credited = await api.awaitSettled(account, converted);
      expect(credited).toMatchObject({ status: 'credited', credit_asset: 'USDT' });
      expect(await api.movementsOf(account, converted, 1)).toEqual([
        { asset: 'USDT', amount: '20.000000', kind: 'payin' },
      ]);
    });
  });

  it('lets the platform operator confirm live manual-connector payins', async () => {
    const live = payinsClient(platform.environments.live);
    const account = await live.account('live-confirm');
    // A live account is verified before it collects: the hosted page, then the operator approves.
    await verificationClient(platform.environments.live).approveLive(account);
    const create = async (amount: string) => {
      const created = await live.create(account, {
        method: 'bank_transfer',
        country: 'US',
        currency: 'USD',
        amount,
      });
      expect(created.status).toBe(201);
      return created.body.payin_id as string;
    };
    const paid_id = await create('30.00');
    const route = (payin_id: string) => `/admin/v1/payins/${payin_id}/confirm`;
    expect((await live.request('POST', route(paid_id), { body: {} })).status).toBe(401);
    const paid = await live.asOperator('POST', route(paid_id), {});
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('credited');
    expect((await live.eventsOf(account, paid_id, 1)).map((event) => event.type)).toEqual([
      'payin_credited',
    ]);
    const again = await live.asOperator('POST', route(paid_id), {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('confirm_request_conflict');

    const failed_id = await create('12.00');
    const failed = await live.asOperator('POST', route(failed_id), { outcome: 'failed' });
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('failed');
    expect((await live.eventsOf(account, failed_id, 1)).map((event) => event.type)).toEqual([
      'payin_expired',
    ]);

    // A sandbox payin is reported by the simulator, not by the operator.
    const sandbox = await api.account('live-confirm-sandbox');
    const simulated = await api.create(sandbox, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '9.77',
    });
    const refused = await api.asOperator('POST', route(simulated.body.payin_id), {});
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('method_unavailable');
  });
});
