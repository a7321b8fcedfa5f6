import Big from 'big.js';
import {
  eventually,
  json,
  payoutsClient,
  pix,
  shifted,
  type PayoutBody,
  type PayoutsClient,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface MovementRow {
  amount: string;
  kind: string;
  reference_id: string;
}

interface FeeAccount {
  account_id: string;
  balances: { asset: string; available: string; held: string; total: string }[];
}

/**
 * Payout fees (D6, D7): an organization's pricing, set by an operator, adds a fee to
 * `total_debit`; the fee is held with the debit as its own movement, credited to the
 * organization's fee account on completion and refunded with the debit on a failure.
 */
describe('payouts: fees of an organization with pricing', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;
  let org_id: string;
  let account: TestAccount;
  /** The account's USD `available/held` as the tests expect it now. */
  let expected_balance: string;
  let key_counter = 0;
  const newKey = () => `fees-${Date.now()}-${++key_counter}`;
  const final = (payout: PayoutBody) => payout.status === 'completed' || payout.status === 'failed';

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payoutfees', settings: { SANDBOX_STEP_MS: '40' } });
    payouts = payoutsClient(platform.environments.test);
    const slug = `priced-${Date.now()}`;
    const org = await payouts.operator('POST', '/admin/v1/organizations', {
      slug,
      name: 'Priced Co',
    });
    expect(org.status).toBe(201);
    ({ org_id } = (await org.json()) as { org_id: string });
    account = await payouts.register(slug);
    expected_balance = await payouts.balance(account);
  });
  afterAll(async () => {
    await platform.close();
  });

  /** The USD balance once it moved by `available_delta` from what the last test left. */
  const expectBalanceMoved = async (available_delta: string) => {
    expected_balance = shifted(expected_balance, available_delta);
    expect(await payouts.awaitBalance(account, expected_balance)).toBe(expected_balance);
  };

  const create = (body: Record<string, unknown>) => payouts.create(account, body);

  /** The payout's movements once there are `count` (the projection may be a moment behind). */
  const movementsOf = (reference_id: string, count: number): Promise<MovementRow[]> =>
    eventually(
      async () => {
        const { movements } = await json<{ movements: MovementRow[] }>(
          await payouts.request('GET', '/v1/movements?page_size=100', { headers: account.headers }),
          200,
        );
        return movements.filter((row) => row.reference_id === reference_id);
      },
      (rows) => rows.length >= count,
    );

  /** The fee account's USD balance as the operator reads it, once it shows `expected`. */
  const awaitFeeBalance = (expected: string): Promise<string> =>
    eventually(
      async () => {
        const response = await payouts.operator('GET', `/admin/v1/ledger/fee-accounts/${org_id}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as FeeAccount;
        return body.balances.find((balance) => balance.asset === 'USD')?.total ?? '';
      },
      (seen) => seen === expected,
    );

  it('refuses pricing that is not a fee schedule and changes nothing', async () => {
    const bad = await payouts.operator('PUT', `/admin/v1/payouts/pricing/${org_id}`, {
      percentage: '101',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
    const half_corridor = await payouts.operator('PUT', `/admin/v1/payouts/pricing/${org_id}`, {
      fixed_fee_usd: '1.00',
      country: 'BR',
    });
    expect(half_corridor.status).toBe(400);
    const created = await create(pix('5.40', { idempotency_key: newKey() }));
    expect(created.body).toMatchObject({ total_debit: '1.00', fee: '0.00' });
    await payouts.awaitPayout(account, created.body.payout_id, final);
    await expectBalanceMoved('-1.00');
  });

  it('adds the fee to total_debit, shows it as its own movement and credits the fee account', async () => {
    const priced = await payouts.operator('PUT', `/admin/v1/payouts/pricing/${org_id}`, {
      fixed_fee_usd: '0.50',
      percentage: '1.5',
    });
    expect(priced.status).toBe(200);
    // 54.00 BRL is 10.00 USD: the fee is 0.50 + 1.5% of 10.00 = 0.65 USD.
    const created = await create(pix('54.00', { idempotency_key: newKey() }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'processing',
      total_debit: '10.65',
      fee: '0.65',
      settlement_asset: 'USD',
    });
    const done = await payouts.awaitPayout(account, created.body.payout_id, final);
    expect(done).toMatchObject({ status: 'completed', total_debit: '10.65', fee: '0.65' });
    await expectBalanceMoved('-10.65');
    const rows = await movementsOf(created.body.payout_id, 2);
    expect(rows.map((row) => [row.kind, row.amount]).sort()).toEqual([
      ['fee', '-0.65'],
      ['payout', '-10.00'],
    ]);
    expect(await awaitFeeBalance('0.65')).toBe('0.65');

    // Statements count fees as their own kind (the PDF and XLSX render these totals).
    expect(await payouts.statementTotals(account)).toContainEqual(
      expect.objectContaining({ kind: 'fee', asset: 'USD', debits: '0.65', count: 1 }),
    );
  });

  it('refunds the fee with the debit when the rail rejects a .99 payout', async () => {
    // 10.99 BRL is 2.0352 USD: debit 2.04, fee 0.50 + 0.030528 = 0.54 (rounded up).
    const beneficiary = { name: 'Bia', account_number: 'bia-fees@example.com' };
    const created = await create(pix('10.99', { idempotency_key: newKey(), beneficiary }));
    expect(created.body).toMatchObject({ total_debit: '2.58', fee: '0.54', funds_debited: true });
    const failed = await payouts.awaitPayout(account, created.body.payout_id, final);
    expect(failed).toMatchObject({ status: 'failed', status_code: 'rail_rejected' });
    await expectBalanceMoved('0');
    const rows = await movementsOf(created.body.payout_id, 4);
    expect(rows.map((row) => [row.kind, row.amount]).sort()).toEqual([
      ['fee', '-0.54'],
      ['fee', '0.54'],
      ['payout', '-2.04'],
      ['payout', '2.04'],
    ]);
    expect(await awaitFeeBalance('0.65')).toBe('0.65');
  });

  it('answers insufficient_funds when the amount fits but amount plus fee does not', async () => {
    // A payout of the available balance less 0.10 USD fits; its fee (0.50 and more) does not.
    const available = new Big(expected_balance.split('/')[0]!);
    const local = available.minus('0.10').times('5.40').round(2, Big.roundDown).toFixed(2);
    const created = await create(pix(local, { idempotency_key: newKey() }));
    expect(created.status).toBe(402);
    expect(created.body).toMatchObject({ error: 'insufficient_funds' });
    expect(await payouts.balance(account)).toBe(expected_balance);
  });

  it("prices a corridor by its own row over the organization's", async () => {
    const corridor = await payouts.operator('PUT', `/admin/v1/payouts/pricing/${org_id}`, {
      fixed_fee_usd: '1.00',
      country: 'BR',
      currency: 'BRL',
    });
    expect(corridor.status).toBe(200);
    const created = await create(pix('54.00', { idempotency_key: newKey() }));
    expect(created.body).toMatchObject({ total_debit: '11.00', fee: '1.00' });
    await payouts.awaitPayout(account, created.body.payout_id, final);
    await expectBalanceMoved('-11.00');
    expect(await awaitFeeBalance('1.65')).toBe('1.65');
  });
});
