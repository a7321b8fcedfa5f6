import { startPlatform, type E2ePlatform } from '../harness';
import { pix, payoutsClient, type PayoutsClient, type TestAccount } from '../clients';

/**
 * Payout beneficiaries go through the AML matcher before any debit (decisions D8): a name on a
 * sanctions list (in another spelling) fails the payout, a PEP holds it for a firewall review, an
 * unlisted name pays out.
 */
describe('payout beneficiary AML screening', () => {
  let platform: E2ePlatform;
  let payouts: PayoutsClient;
  let account: TestAccount;
  let counter = 0;
  const payTo = (name: string) =>
    payouts.create(
      account,
      pix('10.00', {
        idempotency_key: `aml-payout-${Date.now()}-${++counter}`,
        beneficiary: { name, account_number: `p${counter}@example.com` },
      }),
    );

  beforeAll(async () => {
    platform = await startPlatform({ label: 'amlpayout', settings: { SANDBOX_STEP_MS: '50' } });
    payouts = payoutsClient(platform.environments.test);
    account = await payouts.register();
  });
  afterAll(async () => platform.close());

  it('fails a payout to a sanctioned name before any debit', async () => {
    const created = await payTo('Volkov Dmitri Aleksandrovich');
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'failed',
      status_code: 'screening_rejected',
      predebit_failure: true,
      funds_debited: false,
      receipt_url: null,
    });
  });

  it('holds a payout to a politically exposed person for review, without a debit', async () => {
    const created = await payTo('Elena Márquez Rojas');
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'in_review', funds_debited: false });
    expect(created.body.review_id).toEqual(expect.any(String));
  });

  it('pays an unlisted beneficiary', async () => {
    const created = await payTo('Ana Silva');
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'processing', funds_debited: true });
  });
});
