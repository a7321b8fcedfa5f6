import { IDENTITY_COMMANDS, PAYINS_COMMANDS, PAYOUTS_COMMANDS } from '@platform/contracts';
import { http, json, openAccount, uniqueEmail, type Http, type TestAccount } from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

interface PayinRow {
  payin_id: string;
  status: string;
  method: string;
  country: string;
  currency: string;
  local_amount: string;
  credit_asset: string;
  usdt_credited: string;
  receipt_url: string | null;
  created_at: string;
}

interface PayoutRow {
  payout_id: string;
  status: string;
  local_amount: string;
  settlement_asset: string;
  total_debit: string;
  receipt_url: string | null;
  beneficiary: { name: string | null };
  created_at: string;
}

interface MovementRow {
  asset: string;
  amount: string;
  kind: string;
  reference_id: string;
  created_at: string;
}

const DAY_MS = 86_400_000;

/**
 * A confirmed test account's demo history is made of records of the payins and payouts services
 * (listed, readable by id, with receipts), credited and debited through their own paths: every
 * demo movement names a payin or a payout the account can fetch. All-in-one: a redelivered seed
 * command is sent on the bus, as a redelivery would bring it.
 */
describe('demo history of a confirmed test account: real payins and payouts', () => {
  let platform: E2eAllInOnePlatform;
  let api: Http;
  let account: TestAccount;

  beforeAll(async () => {
    platform = await startAllInOneOnly({ label: 'demohistory', live: true });
    api = http(platform.environments.test);
    account = await openAccount(api, { label: 'demo-history' });
  });
  afterAll(async () => platform.close());

  const get = async <T>(account_of: TestAccount, route: string, client = api): Promise<T> =>
    json<T>(await client.request('GET', route, { headers: account_of.headers }), 200);
  const payinsOf = async (of: TestAccount, client = api) =>
    (await get<{ payins: PayinRow[] }>(of, '/v1/payins?page_size=100', client)).payins;
  const payoutsOf = async (of: TestAccount, client = api) =>
    (await get<{ payouts: PayoutRow[] }>(of, '/v1/payouts?page_size=100', client)).payouts;
  const movementsOf = async (of: TestAccount) =>
    (await get<{ movements: MovementRow[] }>(of, '/v1/movements?page_size=100')).movements;

  it('lists the credited demo payins, each readable by id with a receipt, dated in the past', async () => {
    const payins = await payinsOf(account);
    expect(
      payins.map((payin) => [payin.local_amount, payin.credit_asset, payin.usdt_credited]),
    ).toEqual([
      ['1250.00', 'USD', '1250.00'],
      ['250.00', 'USDT', '250.000000'],
      ['3500.00', 'USD', '3500.00'],
      ['1000.00', 'USDT', '1000.000000'],
      ['6000.00', 'USD', '6000.00'],
    ]);
    for (const payin of payins) {
      expect(payin).toMatchObject({
        status: 'credited',
        method: 'bank_transfer',
        country: 'US',
        currency: 'USD',
        receipt_url: `/v1/payins/${payin.payin_id}/receipt`,
      });
      expect(Date.now() - Date.parse(payin.created_at)).toBeGreaterThan(DAY_MS);
      expect(await get<PayinRow>(account, `/v1/payins/${payin.payin_id}`)).toMatchObject({
        payin_id: payin.payin_id,
        status: 'credited',
      });
    }
    const receipt = await api.request('GET', `/v1/payins/${payins[0]!.payin_id}/receipt`, {
      headers: account.headers,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
  });

  it('lists the completed demo payouts, each readable by id, whose receipt is a PDF', async () => {
    const payouts = await payoutsOf(account);
    expect(
      payouts.map((payout) => [payout.local_amount, payout.settlement_asset, payout.total_debit]),
    ).toEqual([
      ['400.00', 'USD', '400.00'],
      ['150.00', 'USDT', '150.000000'],
      ['250.00', 'USD', '250.00'],
    ]);
    for (const payout of payouts) {
      expect(payout).toMatchObject({
        status: 'completed',
        receipt_url: `/v1/payouts/${payout.payout_id}/receipt`,
        beneficiary: { name: expect.any(String) },
      });
      expect(Date.now() - Date.parse(payout.created_at)).toBeGreaterThan(DAY_MS);
      expect(await get<PayoutRow>(account, `/v1/payouts/${payout.payout_id}`)).toMatchObject({
        payout_id: payout.payout_id,
        status: 'completed',
      });
      const receipt = await api.request('GET', `/v1/payouts/${payout.payout_id}/receipt`, {
        headers: account.headers,
      });
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await receipt.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it('dates every demo movement in the past and names a payin or payout the account can fetch', async () => {
    const movements = await movementsOf(account);
    expect(movements).toHaveLength(8);
    const payin_ids = new Set((await payinsOf(account)).map((payin) => payin.payin_id));
    const payout_ids = new Set((await payoutsOf(account)).map((payout) => payout.payout_id));
    for (const movement of movements) {
      const age_ms = Date.now() - Date.parse(movement.created_at);
      expect(age_ms).toBeGreaterThan(DAY_MS);
      expect(age_ms).toBeLessThan(30 * DAY_MS);
      const owner = movement.kind === 'payin' ? payin_ids : payout_ids;
      expect(owner.has(movement.reference_id)).toBe(true);
      const route = movement.kind === 'payin' ? 'payins' : 'payouts';
      const answer = await api.request('GET', `/v1/${route}/${movement.reference_id}`, {
        headers: account.headers,
      });
      expect(answer.status).toBe(200);
    }
    expect(movements.map((movement) => [movement.kind, movement.amount])).toEqual([
      ['payout', '-400.00'],
      ['payout', '-150.000000'],
      ['payin', '1250.00'],
      ['payin', '250.000000'],
      ['payout', '-250.00'],
      ['payin', '3500.00'],
      ['payin', '1000.000000'],
      ['payin', '6000.00'],
    ]);
  });

  it('leaves 10,100.00 USD and 1,100.000000 USDT available, nothing held', async () => {
    const { balances } = await get<{
      balances: { asset: string; available: string; held: string }[];
    }>(account, '/v1/balances');
    expect(balances.find((row) => row.asset === 'USD')).toMatchObject({
      available: '10100.00',
      held: '0.00',
    });
    expect(balances.find((row) => row.asset === 'USDT')).toMatchObject({
      available: '1100.000000',
      held: '0.000000',
    });
  });

  it('makes nothing twice: a second confirm is refused, a redelivered seed answers the same record', async () => {
    const payins = await payinsOf(account);
    const payouts = await payoutsOf(account);
    const again = await api.request('POST', '/v1/auth/register/confirm', {
      body: { org: 'demo', email: account.email, code: '000000' },
    });
    expect(again.status).toBe(401);

    const bus = platform.internals('test').bus;
    const organizations = (await bus.request(IDENTITY_COMMANDS.list_organizations.name, {})) as {
      value: { organizations: { org_id: string; slug: string }[] };
    };
    const org_id = organizations.value.organizations.find((org) => org.slug === 'demo')!.org_id;
    const record = (index: number, amount: string, asset: string) => ({
      account_id: account.account_id,
      org_id,
      index,
      amount,
      asset,
      occurred_at: new Date(Date.now() - 20 * DAY_MS).toISOString(),
    });
    const payin = (await bus.request(
      PAYINS_COMMANDS.seed_demo_payin.name,
      record(0, '6000.00', 'USD'),
    )) as { ok: boolean; value: PayinRow };
    expect(payin).toMatchObject({ ok: true });
    expect(payin.value.payin_id).toBe(payins.at(-1)!.payin_id);
    const payout = (await bus.request(
      PAYOUTS_COMMANDS.seed_demo_payout.name,
      record(3, '250.00', 'USD'),
    )) as { ok: boolean; value: PayoutRow };
    expect(payout).toMatchObject({ ok: true });
    expect(payout.value.payout_id).toBe(payouts.at(-1)!.payout_id);

    expect((await payinsOf(account)).map((row) => row.payin_id)).toEqual(
      payins.map((row) => row.payin_id),
    );
    expect((await payoutsOf(account)).map((row) => row.payout_id)).toEqual(
      payouts.map((row) => row.payout_id),
    );
    expect(await movementsOf(account)).toHaveLength(8);
    const { balances } = await get<{ balances: { asset: string; available: string }[] }>(
      account,
      '/v1/balances',
    );
    expect(balances.find((row) => row.asset === 'USD')?.available).toBe('10100.00');
  });

  it('gives a live account no demo history, and the live services refuse to make one', async () => {
    const live_api = http(platform.environments.live);
    const live = await openAccount(live_api, { email: uniqueEmail('demo-history-live') });
    expect(await payinsOf(live, live_api)).toEqual([]);
    expect(await payoutsOf(live, live_api)).toEqual([]);
    const refused = (await platform
      .internals('live')
      .bus.request(PAYINS_COMMANDS.seed_demo_payin.name, {
        account_id: live.account_id,
        org_id: 'demo',
        index: 0,
        amount: '6000.00',
        asset: 'USD',
        occurred_at: new Date(Date.now() - DAY_MS).toISOString(),
      })) as { ok: boolean; error?: string };
    expect(refused).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await payinsOf(live, live_api)).toEqual([]);
  });
});
