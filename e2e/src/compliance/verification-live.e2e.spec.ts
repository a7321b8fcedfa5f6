import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventually,
  expectError,
  json,
  payinsClient,
  verificationClient,
  type PayinsClient,
  type TestAccount,
  type VerificationClient,
} from '../clients';

/**
 * Issue 14, the acceptance test of identity verification (decisions D8, spec §5 rule 11): a LIVE
 * account starts unverified (a payin answers 403 `verification_required`), completes the hosted
 * page, waits in the operator's queue, is approved by the operator and then creates a payin.
 * Over HTTP only.
 */
describe('identity verification (live)', () => {
  let platform: E2ePlatform;
  let kyc: VerificationClient;
  let payins: PayinsClient;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'kyclive',
      live: true,
      settings: { SANDBOX_STEP_MS: '50' },
    });
    kyc = verificationClient(() => platform.environments.live);
    payins = payinsClient(() => platform.environments.live);
  });
  afterAll(async () => platform.close());

  const payin = (account: TestAccount, idempotency_key: string) =>
    payins.request('POST', '/v1/payins', {
      token: account.access_token,
      body: {
        method: 'bank_transfer',
        country: 'US',
        currency: 'USD',
        amount: '25.00',
        idempotency_key,
      },
    });

  it('takes an unverified live account to approved by an operator decision, then a payin', async () => {
    const account = await kyc.accountWith2fa('livekyc');
    const refused = await payin(account, `kyc-before-${Date.now()}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'verification_required', message: expect.any(String) });
    expect(await json(await kyc.verification(account), 200)).toMatchObject({
      kind: 'kyc',
      status: 'none',
      submission_id: null,
    });

    const link = await kyc.link(account);
    expect(link).toMatchObject({ kind: 'kyc', link_id: expect.any(String) });
    expect(link.url).toMatch(/^http:\/\/[^/]+\/verify\/onboarding\/[\w-]{20,}$/);
    expect(link.url.startsWith(platform.environments.live.base_url)).toBe(true);

    const submitted = await kyc.completePerson(link.url);
    expect(submitted).toMatchObject({ link_status: 'completed', status: 'pending' });

    // The checks run, then the submission waits for a reviewer.
    const waiting = await kyc.awaitVerification(account, (body) => body.status === 'pending');
    const queued = await eventually(
      () => kyc.operatorQueue('pending'),
      (rows) =>
        rows.some((row) => row.submission_id === waiting.submission_id && row.awaiting_review),
    );
    const row = queued.find((entry) => entry.submission_id === waiting.submission_id)!;
    expect(row).toMatchObject({
      account_id: account.account_id,
      identity: { name: 'Ada Lovelace', doc_id: 'AB123456', country: 'GB' },
      liveness_completed: true,
    });
    expect((await payin(account, `kyc-pending-${Date.now()}`)).status).toBe(403);

    const decided = await kyc.operatorDecide(row.submission_id, { decision: 'approve' });
    expect(await json(decided, 200)).toMatchObject({ status: 'approved', decision: 'approve' });
    await expectError(
      await kyc.operatorDecide(row.submission_id, { decision: 'reject' }),
      409,
      'already_decided',
    );

    const approved = await kyc.awaitVerification(account, (body) => body.status === 'approved');
    expect(approved).toMatchObject({ decision: 'approve', risk_band: 'low' });
    // Identity mirrors it, with the verified fields back-filled (spec §2).
    const profile = await eventually(
      async () =>
        json<Record<string, any>>(
          await kyc.request('GET', '/v1/me', { token: account.access_token }),
          200,
        ),
      (body) => body.kyc_status === 'approved',
    );
    expect(profile).toMatchObject({
      display_name: 'Ada Lovelace',
      tax_id: 'AB123456',
      country: 'GB',
    });

    const created = await eventually(
      () => payin(account, `kyc-after-${Date.now()}`),
      (answer) => answer.status !== 403,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ method: 'bank_transfer', currency: 'USD' });

    await expectError(await kyc.newLink(account.access_token), 409, 'already_verified');
  });
});
