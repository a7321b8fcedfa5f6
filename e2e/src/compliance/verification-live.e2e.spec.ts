import { startPlatform, type E2ePlatform } from '../harness';
import {
  c2pCollection,
  eventually,
  expectError,
  json,
  operatorCli,
  person,
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

  const collect = (account: TestAccount) =>
    payins.request('POST', '/v1/payins/collect', {
      token: account.access_token,
      body: c2pCollection({ amount: '365.00', idempotency_key: `kyc-collect-${Date.now()}` }),
    });
  const openDepositAccount = (account: TestAccount) =>
    payins.request('POST', '/v1/payins/deposit-accounts', {
      token: account.access_token,
      body: { country: 'US', currency: 'USD', purpose: 'fondeo' },
    });
  const depositAccounts = (account: TestAccount) =>
    payins.request('GET', '/v1/payins/deposit-accounts', { token: account.access_token });

  it('takes an unverified live account to approved by an operator decision, then a payin', async () => {
    const account = await kyc.accountWith2fa('livekyc');
    const refused = await payin(account, `kyc-before-${Date.now()}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'verification_required',
      message: expect.any(String),
      request_id: expect.any(String),
    });
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
    // Spec §5 rule 11: every way of collecting money waits for the approval, and keeps nothing.
    for (const refused_gate of await Promise.all([collect(account), openDepositAccount(account)])) {
      expect(refused_gate.status).toBe(403);
      expect(refused_gate.body).toEqual({
        error: 'verification_required',
        message: expect.any(String),
        request_id: expect.any(String),
      });
    }
    const listed = await depositAccounts(account);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ deposit_accounts: [] });

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

    // Approved: a deposit account opens too.
    expect((await openDepositAccount(account)).status).toBe(201);
    await expectError(await kyc.newLink(account.access_token), 409, 'already_verified');
  });

  it('lets the operator work the queue with the CLI: request changes, reject, reopen', async () => {
    const { cli, json: cliJson } = operatorCli(() => platform.environments.live);
    const account = await kyc.accountWith2fa('clikyc');
    const first = await kyc.link(account);
    await kyc.completePerson(first.url, person('Hopper'));
    const waiting = await kyc.awaitVerification(account, (body) => body.status === 'pending');
    // Once the checks have run, the operator's list shows the submission awaiting review.
    await eventually(
      () => kyc.operatorQueue('pending'),
      (rows) =>
        rows.some((row) => row.submission_id === waiting.submission_id && row.awaiting_review),
    );
    const queued = await cliJson<{ verifications: Array<Record<string, any>> }>(
      'verifications',
      'list',
    );
    expect(
      queued.verifications.find((row) => row.submission_id === waiting.submission_id),
    ).toMatchObject({ account_id: account.account_id, identity: { name: 'Ada Hopper' } });

    // Changes requested: the person reads the comments and may submit again.
    const changes = await cliJson(
      'verifications',
      'decide',
      '--submission',
      waiting.submission_id,
      '--decision',
      'request_changes',
      '--comment',
      'The document photo is blurred',
    );
    expect(changes).toMatchObject({ status: 'pending', decision: 'request_changes' });
    const asked = await kyc.awaitVerification(
      account,
      (body) => body.decision === 'request_changes' && body.changes_requested_comments.length > 0,
    );
    expect(asked.changes_requested_comments).toEqual(['The document photo is blurred']);
    // A decided submission refuses a second decision: the CLI exits 1 and names the code.
    const again = await cli(
      'verifications',
      'decide',
      '--submission',
      waiting.submission_id,
      '--decision',
      'approve',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already_decided');
    // The second submission is rejected: a new link needs an administrator.
    const second = await kyc.link(account);
    await kyc.completePerson(second.url, person('Hopper'));
    const resubmitted = await kyc.awaitVerification(
      account,
      (body) => body.status === 'pending' && body.submission_id !== waiting.submission_id,
    );
    await eventually(
      () => kyc.operatorQueue('pending'),
      (rows) =>
        rows.some((row) => row.submission_id === resubmitted.submission_id && row.awaiting_review),
    );
    await cliJson(
      'verifications',
      'decide',
      '--submission',
      resubmitted.submission_id,
      '--decision',
      'reject',
    );
    await kyc.awaitVerification(account, (body) => body.status === 'rejected');
    await expectError(
      await kyc.newLink(account.access_token),
      403,
      'verification_rejected_requires_admin',
    );
    // The operator reopens the account: it may verify again.
    await cliJson('verifications', 'reopen', '--account', account.account_id);
    await kyc.awaitVerification(account, (body) => body.status === 'none');
    expect(await kyc.link(account)).toMatchObject({ kind: 'kyc' });
  });
});
