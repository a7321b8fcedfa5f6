import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import { disputesClient, type DisputesClient } from '../clients';

/**
 * Payment disputes on card payins (decisions D8), over HTTP: the sandbox disputes a card payin
 * whose amount ends `.55` one step after it is credited and holds its amount; evidence moves it
 * to `under_review`, and one step later it is `won` (the hold is released) or, when the evidence
 * says `LOSE`, `lost` (the hold is debited). Each change is a `dispute_status_changed` event.
 */
describe('compliance: payment disputes', () => {
  let platform: E2ePlatform;
  let api: DisputesClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'disputes', settings: { SANDBOX_STEP_MS: '50' } });
    api = disputesClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const plus = (a: string, b: string) => new Big(a).plus(b).toFixed(2);

  /** An account with a `.55` card payin and its open dispute, and its USD balance before. */
  async function disputed(label: string) {
    const account = await api.account(label);
    const before = await api.balanceOf(account, 'USD');
    const payin_id = await api.creditedCardPayin(account, '25.55');
    const dispute = await api.awaitDisputeOf(account, payin_id);
    return { account, before, payin_id, dispute };
  }

  it('opens a dispute on a .55 card payin and holds its amount', async () => {
    const { account, before, payin_id, dispute } = await disputed('dispute-open');
    expect(dispute).toEqual({
      dispute_id: expect.any(String),
      payin_id,
      amount: '25.55',
      currency: 'USD',
      reason: expect.any(String),
      status: 'needs_response',
      respond_by: expect.any(String),
      evidence: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(dispute.respond_by).getTime()).toBeGreaterThan(Date.now());
    expect((await api.get(account, dispute.dispute_id)).body).toEqual(dispute);
    expect(await api.balanceOf(account, 'USD')).toEqual({
      available: before.available,
      held: plus(before.held, '25.55'),
    });
  });

  it('does not dispute a card payin of another amount', async () => {
    const account = await api.account('dispute-none');
    await api.creditedCardPayin(account, '25.50');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await api.list(account)).body).toMatchObject({ disputes: [] });
  });

  it('takes evidence, is won one step later and releases the hold', async () => {
    const { account, before, dispute } = await disputed('dispute-won');
    const answered = await api.submitEvidence(account, dispute.dispute_id, {
      text: 'signed delivery receipt attached',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'under_review',
      evidence: { text: 'signed delivery receipt attached', submitted_at: expect.any(String) },
    });
    const again = await api.submitEvidence(account, dispute.dispute_id, { text: 'more' });
    expect([again.status, again.body.error]).toEqual([409, 'dispute_not_awaiting_response']);
    await api.awaitDispute(account, dispute.dispute_id, (d) => d.status === 'won');
    const expected = { available: plus(before.available, '25.55'), held: before.held };
    await api.eventually(
      () => api.balanceOf(account, 'USD'),
      (balance) => balance.available === expected.available && balance.held === expected.held,
    );
    const events = await api.statusEvents(account, dispute.dispute_id, 3);
    expect(events.map((event) => event.data.status)).toEqual([
      'needs_response',
      'under_review',
      'won',
    ]);
    expect(events[0]).toEqual({
      type: 'dispute_status_changed',
      data: expect.objectContaining({
        dispute_id: dispute.dispute_id,
        payin_id: dispute.payin_id,
        status: 'needs_response',
        amount: '25.55',
      }),
    });
  });

  it('is lost when the evidence says LOSE, and debits the hold', async () => {
    const { account, before, dispute } = await disputed('dispute-lost');
    const answered = await api.submitEvidence(account, dispute.dispute_id, {
      text: 'we LOSE this one',
    });
    expect(answered.body.status).toBe('under_review');
    await api.awaitDispute(account, dispute.dispute_id, (d) => d.status === 'lost');
    await api.eventually(
      () => api.balanceOf(account, 'USD'),
      (balance) => balance.available === before.available && balance.held === before.held,
    );
    const events = await api.statusEvents(account, dispute.dispute_id, 3);
    expect(events.map((event) => event.data.status)).toEqual([
      'needs_response',
      'under_review',
      'lost',
    ]);
  });

  it("answers 404 for another account's dispute and changes nothing", async () => {
    const { account, dispute } = await disputed('dispute-owner');
    const other = await api.account('dispute-other');
    const read = await api.get(other, dispute.dispute_id);
    expect([read.status, read.body]).toEqual([
      404,
      { error: 'not_found', message: expect.any(String) },
    ]);
    const answered = await api.submitEvidence(other, dispute.dispute_id, { text: 'mine' });
    expect([answered.status, answered.body.error]).toEqual([404, 'not_found']);
    expect((await api.list(other)).body).toMatchObject({ disputes: [] });
    expect((await api.get(account, dispute.dispute_id)).body.status).toBe('needs_response');
  });

  it.each([
    ['blank text', 400, 'invalid_evidence', { text: '   ' }],
    ['text over 10,000 characters', 400, 'invalid_evidence', { text: 'x'.repeat(10_001) }],
    ['no text', 400, 'invalid_request', {}],
    ['a number as text', 400, 'invalid_request', { text: 5 }],
  ])('refuses evidence with %s: %i %s', async (_case, status, error, body) => {
    const { account, dispute } = await disputed('dispute-bad');
    const answered = await api.submitEvidence(account, dispute.dispute_id, body);
    expect([answered.status, answered.body]).toEqual([
      status,
      { error, message: expect.any(String) },
    ]);
    expect((await api.get(account, dispute.dispute_id)).body.status).toBe('needs_response');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const account = await api.account('dispute-unknown');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await api.get(account, id)).body).toEqual({
        error: 'not_found',
        message: expect.any(String),
      });
    }
    // An oversized id is refused at the edge; never a server error.
    expect((await api.get(account, 'x'.repeat(300))).status).toBe(400);
  });
});
