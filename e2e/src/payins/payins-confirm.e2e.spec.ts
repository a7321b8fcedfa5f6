import { startPlatform, type E2ePlatform } from '../harness';
import { payinsClient, type PayinsClient } from '../clients';

/**
 * The EC/USD manual confirmation of bank-transfer payins by two different operators. The
 * confirmation while the ledger cannot answer and the live operator's confirmation are in
 * payins-internals.all-in-one.e2e.spec.ts (they break a table and approve KYC by hand).
 */
describe('payins: manual confirmation by two operators', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'payinconfirm', settings: { SANDBOX_STEP_MS: '50' } });
    api = payinsClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const owner = (account: { access_token: string }) => ({ token: account.access_token });
  const receipt = { amount: '150', bank_reference: 'EC-BANK-0001' };

  it('lists EC/USD bank transfers as manually confirmed and leaves them pending', async () => {
    const account = await api.confirmationTeam();
    const catalog = await api.request('GET', '/v1/payins/methods', owner(account));
    expect(catalog.body.methods).toContainEqual(
      expect.objectContaining({
        method: 'bank_transfer',
        country: 'EC',
        currency: 'USD',
        manual_confirmation: true,
      }),
    );
    const payin_id = await api.manualTransfer(account);
    // A US bank transfer created after it is credited by the simulator; the EC one is not.
    const us = await api.create(account, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '20.00',
    });
    await api.awaitPayin(account, us.body.payin_id, (payin) => payin.status === 'credited');
    expect((await api.get(account, payin_id)).status).toBe('pending');
    // A corridor the rail reports takes no confirmation.
    const refused = await api.confirmStep(us.body.payin_id, 'received', owner(account), receipt);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('method_unavailable');
  });

  it('records a receipt, refuses the same person approving it, and credits on a second operator', async () => {
    const account = await api.confirmationTeam();
    const payin_id = await api.manualTransfer(account);

    const wrong_amount = await api.confirmStep(payin_id, 'received', owner(account), {
      ...receipt,
      amount: '149.99',
    });
    expect(wrong_amount.status).toBe(409);
    expect(wrong_amount.body.error).toBe('confirm_account_mismatch');
    const other = await api.account('confirm-other');
    const wrong_account = await api.confirmStep(payin_id, 'received', owner(account), {
      ...receipt,
      account_id: other.account_id,
    });
    expect(wrong_account.status).toBe(409);
    expect(wrong_account.body.error).toBe('confirm_account_mismatch');
    const too_early = await api.confirmStep(payin_id, 'approve', account.operator);
    expect(too_early.status).toBe(409);
    expect(too_early.body.error).toBe('confirm_request_conflict');

    const received = await api.confirmStep(payin_id, 'received', owner(account), {
      ...receipt,
      account_id: account.account_id,
    });
    expect(received.status).toBe(200);
    expect(received.body.status).toBe('pending');
    expect(received.body.confirmation).toMatchObject({
      received_by: account.owner_id,
      bank_reference: 'EC-BANK-0001',
      decision: null,
    });
    const repeated = await api.confirmStep(payin_id, 'received', account.operator, receipt);
    expect(repeated.status).toBe(200);
    expect(repeated.body.confirmation.received_by).toBe(account.owner_id);
    const different = await api.confirmStep(payin_id, 'received', account.operator, {
      ...receipt,
      bank_reference: 'EC-BANK-0002',
    });
    expect(different.status).toBe(409);
    expect(different.body.error).toBe('confirm_request_conflict');

    // The owner, by session or by API key, is one person: neither may approve their receipt.
    for (const credential of [owner(account), { api_key: account.api_key }]) {
      const self = await api.confirmStep(payin_id, 'approve', credential);
      expect(self.status).toBe(409);
      expect(self.body.error).toBe('confirm_request_conflict');
    }
    const viewer = await api.confirmStep(payin_id, 'approve', account.viewer);
    expect(viewer.status).toBe(403);
    const stranger = await api.confirmStep(payin_id, 'approve', owner(other));
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('not_found');
    expect((await api.get(account, payin_id)).status).toBe('pending');

    const approved = await api.confirmStep(payin_id, 'approve', account.operator);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('credited');
    expect(approved.body.confirmation).toMatchObject({
      decision: 'approved',
      decided_by: account.operator.id,
    });
    const events = await api.eventsOf(account, payin_id, 1);
    expect(events.map((event) => event.type)).toEqual(['payin_credited']);
    expect(events[0]!.data).toMatchObject({
      country: 'EC',
      currency: 'USD',
      local_amount: '150.00',
    });
    const movements = await api.movementsOf(account, payin_id, 1);
    expect(movements).toHaveLength(1);
    expect(movements[0]!.kind).toBe('payin');

    expect((await api.confirmStep(payin_id, 'approve', account.operator)).status).toBe(200);
    const cancel_after = await api.confirmStep(payin_id, 'cancel', account.operator);
    expect(cancel_after.status).toBe(409);
    expect(cancel_after.body.error).toBe('confirm_request_conflict');
    expect(await api.movementsOf(account, payin_id, 1)).toHaveLength(1);
  });

  it('lets a second operator cancel a receipt: the payin fails and nothing is credited', async () => {
    const account = await api.confirmationTeam();
    const payin_id = await api.manualTransfer(account, '80.50');
    const received = await api.confirmStep(payin_id, 'received', account.operator, {
      amount: '80.5',
      bank_reference: 'EC-CANCEL-1',
    });
    expect(received.status).toBe(200);
    const self = await api.confirmStep(payin_id, 'cancel', account.operator);
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('confirm_request_conflict');

    const cancelled = await api.confirmStep(payin_id, 'cancel', { api_key: account.api_key });
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
    const events = await api.eventsOf(account, payin_id, 1);
    expect(events.map((event) => event.type)).toEqual(['payin_expired']);
    const approve_after = await api.confirmStep(payin_id, 'approve', owner(account));
    expect(approve_after.status).toBe(409);
    expect(approve_after.body.error).toBe('confirm_request_conflict');
  });
});
