import { startPlatform, type E2ePlatform } from '../harness';
import {
  eventually,
  eventsClient,
  expectError,
  identityClient,
  json,
  person,
  renderPdf,
  startWebhookReceiver,
  TINY_PDF_BASE64,
  TINY_PNG_BASE64,
  verificationClient,
  type TestAccount,
  type VerificationClient,
} from '../clients';

/** The receipt layout's colour of a successful status: an approved verification. */
const APPROVED_GREEN = '#1a7f37';

/**
 * Issue 14, identity verification in the sandbox (decisions D8): the outcome follows the last
 * name (company: legal name) entered on the hosted page, and each submission emits its public
 * events in order, one `SANDBOX_STEP_MS` apart. Sandbox accounts are approved at confirm (D5),
 * so each test starts from an account the operator reopened.
 */
describe('identity verification (sandbox)', () => {
  let platform: E2ePlatform;
  let kyc: VerificationClient;
  const events = eventsClient(() => platform.environments.test);
  const identity = identityClient(() => platform.environments.test);

  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'kycsandbox',
      settings: { SANDBOX_STEP_MS: '50', WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '100' },
    });
    kyc = verificationClient(() => platform.environments.test);
  });
  afterAll(async () => {
    await platform.close();
    await receiver.close();
  });

  const VERIFICATION_TYPES = [
    'kyc_link_completed',
    'kyc_document_validated',
    'kyc_liveness_completed',
    'kyc_verification_status_changed',
    'kyb_link_completed',
    'kyb_document_validated',
    'kyb_verification_status_changed',
  ];

  /** The account's verification events of one submission, oldest first. */
  const submissionEvents = async (account: TestAccount, submission_id: string, count: number) =>
    (
      await eventually(
        async () =>
          (await events.listed(account.access_token, `?types=${VERIFICATION_TYPES.join(',')}`))
            .filter((event) => event.data.submission_id === submission_id)
            .reverse(),
        (found) => found.length >= count,
      )
    ).slice(0, count);

  it('approves a person by default, with kyc_* events in order reaching GET /v1/events', async () => {
    const account = await kyc.unverifiedAccount('sbxok');
    const link = await kyc.link(account);
    const submitted = await kyc.completePerson(link.url, person('Byron'));
    expect(submitted).toMatchObject({ link_status: 'completed', status: 'pending' });
    const approved = await kyc.awaitVerification(account, (body) => body.status === 'approved');
    expect(approved).toMatchObject({ kind: 'kyc', decision: 'approve', risk_band: 'low' });

    const found = await submissionEvents(account, approved.submission_id, 4);
    expect(found.map((event) => event.type)).toEqual([
      'kyc_link_completed',
      'kyc_document_validated',
      'kyc_liveness_completed',
      'kyc_verification_status_changed',
    ]);
    // One step apart, in order.
    const times = found.map((event) => Date.parse(event.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(found[0]!.data).toMatchObject({
      account_id: account.account_id,
      kind: 'kyc',
      event: 'link_completed',
      link_id: link.link_id,
      external_customer_id: account.account_id,
    });
    expect(found[1]!.data).toMatchObject({ outcome: 'passed', score: 1 });
    expect(found[2]!.data).toMatchObject({ passed: true });
    expect(found[3]!.data).toMatchObject({
      status: 'approved',
      decision: 'approve',
      self_onboarding: true,
    });
    // Never anything internal in a public event.
    expect(JSON.stringify(found)).not.toMatch(/doc_id|AB123456|birth_date/);

    const profile = await eventually(
      async () =>
        json<Record<string, any>>(
          await kyc.request('GET', '/v1/me', { token: account.access_token }),
          200,
        ),
      (body) => body.kyc_status === 'approved',
    );
    expect(profile).toMatchObject({ display_name: 'Ada Byron', tax_id: 'AB123456', country: 'GB' });
  });

  it('delivers the verification events to a webhook subscription', async () => {
    const account = await kyc.unverifiedAccount('sbxhook');
    const subscribed = await events.subscribe(account.access_token, {
      event_type: '*',
      callback_url: receiver.url('/kyc'),
      secret: 'kyc-webhook-secret-0123456789',
    });
    expect(subscribed.status).toBe(201);
    await kyc.completePerson((await kyc.link(account)).url);
    const approved = await kyc.awaitVerification(account, (body) => body.status === 'approved');
    const delivered = await eventually(
      async () =>
        receiver.received
          .map((hook) => JSON.parse(hook.raw_body.toString('utf8')) as Record<string, any>)
          .filter((body) => body.data?.submission_id === approved.submission_id),
      (bodies) => bodies.some((body) => body.type === 'kyc_verification_status_changed'),
    );
    expect(new Set(delivered.map((body) => body.type))).toEqual(
      new Set([
        'kyc_link_completed',
        'kyc_document_validated',
        'kyc_liveness_completed',
        'kyc_verification_status_changed',
      ]),
    );
  });

  it('asks for changes on REVIEW, then approves a new submission', async () => {
    const account = await kyc.unverifiedAccount('sbxreview');
    const first = await kyc.link(account);
    await kyc.completePerson(first.url, person('REVIEW'));
    const changes = await kyc.awaitVerification(
      account,
      (body) => body.status === 'pending' && body.decision === 'request_changes',
    );
    expect(changes.changes_requested_comments).toEqual([expect.stringMatching(/document/)]);
    // The old link is closed; a new one opens a new submission.
    await expectError(await kyc.onPage(first.url, 'POST', '/submit'), 409, 'link_inactive');
    const second = await kyc.link(account);
    const state = await json<Record<string, any>>(
      await kyc.onPage(second.url, 'GET', '/state'),
      200,
    );
    expect(state).toMatchObject({
      link_status: 'open',
      missing: ['identity', 'documents', 'liveness'],
    });
    await kyc.completePerson(second.url, person('Lovelace'));
    const approved = await kyc.awaitVerification(account, (body) => body.status === 'approved');
    expect(approved.submission_id).not.toBe(changes.submission_id);
    expect(approved.changes_requested_comments).toEqual([]);
  });

  it('rejects on REJECT, and a new link then needs an administrator', async () => {
    const account = await kyc.unverifiedAccount('sbxreject');
    await kyc.completePerson((await kyc.link(account)).url, person('REJECT'));
    await kyc.awaitVerification(account, (body) => body.status === 'rejected');
    await expectError(
      await kyc.newLink(account.access_token),
      403,
      'verification_rejected_requires_admin',
    );
    // An administrator reopens it: the account may try again.
    await json(await kyc.operatorReopen(account.account_id), 200);
    expect((await kyc.newLink(account.access_token)).status).toBe(201);
  });

  it('verifies a company (kyb): legal name, registration document, no liveness, kyb_* events', async () => {
    const account = await kyc.unverifiedAccount('sbxkyb', {
      type: 'company',
      display_name: 'Engines',
    });
    const link = await kyc.link(account);
    expect(link.kind).toBe('kyb');
    await json(
      await kyc.onPage(link.url, 'POST', '/identity', {
        legal_name: 'Analytical Engines Ltd',
        doc_id: '30-71234567-9',
        country: 'AR',
      }),
      200,
    );
    await expectError(
      await kyc.onPage(link.url, 'POST', '/liveness', { selfie_base64: TINY_PNG_BASE64 }),
      400,
      'invalid_request',
    );
    await expectError(await kyc.onPage(link.url, 'POST', '/submit'), 400, 'invalid_request');
    await json(
      await kyc.onPage(link.url, 'POST', '/documents', {
        category: 'company_registration',
        content_base64: TINY_PDF_BASE64,
      }),
      201,
    );
    await json(await kyc.onPage(link.url, 'POST', '/submit'), 200);
    const approved = await kyc.awaitVerification(account, (body) => body.status === 'approved');
    expect(approved.kind).toBe('kyb');
    const found = await submissionEvents(account, approved.submission_id, 3);
    expect(found.map((event) => event.type)).toEqual([
      'kyb_link_completed',
      'kyb_document_validated',
      'kyb_verification_status_changed',
    ]);
    const profile = await eventually(
      async () =>
        json<Record<string, any>>(
          await kyc.request('GET', '/v1/me', { token: account.access_token }),
          200,
        ),
      (body) => body.kyc_status === 'approved',
    );
    expect(profile).toMatchObject({ display_name: 'Analytical Engines Ltd', country: 'AR' });
  });

  it('needs 2FA for a session link, exempts API keys, refuses approved accounts', async () => {
    const approved = await kyc.accountWith2fa('sbxapproved');
    await expectError(await kyc.newLink(approved.access_token), 409, 'already_verified');

    const session = await identity.registerAndConfirm(identity.uniqueEmail('sbxno2fa'));
    const account_id = session.account!.id;
    await json(await kyc.operatorReopen(account_id), 200);
    await expectError(await kyc.newLink(session.access_token), 403, 'verification_requires_2fa');
    const api_key = await identity.issueApiKey(session.access_token);
    const by_key = await kyc.request('POST', '/v1/me/verification/link', {
      headers: { 'x-api-key': api_key },
    });
    expect(by_key.status).toBe(201);
  });

  it('checks the hosted page input: files by content, identity fields, unknown tokens', async () => {
    const account = await kyc.unverifiedAccount('sbxinput');
    const { url } = await kyc.link(account);
    const upload = (content_base64: string, category = 'identity_document') =>
      kyc.onPage(url, 'POST', '/documents', { category, content_base64 });
    await expectError(
      await upload(Buffer.from('GIF89a-not-allowed').toString('base64')),
      400,
      'unsupported_document_type',
    );
    await expectError(await upload(TINY_PNG_BASE64.slice(0, 60)), 400, 'invalid_image');
    await expectError(await upload('@@@not base64@@@'), 400, 'invalid_document_file');
    await expectError(
      await upload(Buffer.alloc(710 * 1024, 1).toString('base64')),
      413,
      'file_too_large',
    );
    await expectError(await upload(TINY_PDF_BASE64, 'passport_selfie'), 400, 'invalid_request');
    await expectError(
      await kyc.onPage(url, 'POST', '/identity', { ...person(), country: 'Narnia' }),
      400,
      'invalid_request',
    );
    await expectError(
      await kyc.onPage(url, 'POST', '/identity', {
        ...person(),
        country: 'G1',
      }),
      400,
      'invalid_country',
    );
    await expectError(
      await kyc.onPage(url, 'POST', '/identity', { ...person(), last_name: '<b>' }),
      400,
      'invalid_name',
    );
    await expectError(
      await kyc.onPage(url, 'POST', '/identity', { ...person(), extra: 1 }),
      400,
      'invalid_json',
    );
    await expectError(
      await kyc.request('GET', '/verify/onboarding/unknown-token/state'),
      404,
      'not_found',
    );
    expect(
      (await kyc.onPage(url, 'POST', '/liveness', { selfie_base64: TINY_PNG_BASE64 })).status,
    ).toBe(200);
    await expectError(
      await kyc.onPage(url, 'POST', '/liveness', { selfie_base64: TINY_PNG_BASE64 }),
      400,
      'liveness_already_completed',
    );
  });

  it('answers the report as JSON and PDF, with its errors', async () => {
    const account = await kyc.unverifiedAccount('sbxreport');
    const report = (query: string) =>
      kyc.request('GET', `/v1/me/verification/report${query}`, { token: account.access_token });
    await expectError(await report(''), 404, 'verification_not_found');
    await expectError(await report('?format=xml'), 400, 'invalid_format');
    await expectError(await report('?format=pdf&lang=fr'), 400, 'invalid_language');
    await kyc.completePerson((await kyc.link(account)).url);
    await kyc.awaitVerification(account, (body) => body.status === 'approved');
    expect(await json(await report('?format=json'), 200)).toMatchObject({
      kind: 'kyc',
      status: 'approved',
      identity: { name: 'Ada Lovelace', doc_id: 'AB123456' },
      liveness_completed: true,
    });
    // Read as a person reads it: rendered by Chromium's PDF viewer, the approval in green, in
    // Spanish and in Chinese (a glyph missing from the bundled font would draw an empty box).
    for (const lang of ['es', 'zh']) {
      const pdf = await report(`?format=pdf&lang=${lang}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const image = await renderPdf(bytes, [APPROVED_GREEN], `kyc-report-${lang}`);
      expect(image.counts.near[APPROVED_GREEN]).toBeGreaterThan(20);
      expect(image.counts.white).toBeLessThan(image.counts.total);
    }
  });

  it('lets organization admins review their own organization only (BOLA: 404)', async () => {
    const admin = await identity.newOrgAdmin('demo');
    await identity.createOrganization('kycother', 'Other');
    const other_admin = await identity.newOrgAdmin('kycother');
    const account = await kyc.unverifiedAccount('sbxorg');
    await kyc.completePerson((await kyc.link(account)).url, person('REVIEW'));
    const pending = await kyc.awaitVerification(
      account,
      (body) => body.decision === 'request_changes',
    );
    const as = (token: string, method: string, route: string, body?: unknown) =>
      kyc.request(method, route, { token, ...(body === undefined ? {} : { body }) });

    const listed = await json<{ verifications: Array<Record<string, unknown>> }>(
      await as(admin.session.access_token, 'GET', '/v1/org/verifications?status=pending'),
      200,
    );
    expect(listed.verifications.map((row) => row.submission_id)).toContain(pending.submission_id);
    const theirs = await json<{ verifications: unknown[] }>(
      await as(other_admin.session.access_token, 'GET', '/v1/org/verifications'),
      200,
    );
    expect(theirs.verifications).toEqual([]);
    await expectError(
      await as(
        other_admin.session.access_token,
        'POST',
        `/v1/org/verifications/${pending.submission_id}/decision`,
        {
          decision: 'approve',
        },
      ),
      404,
      'not_found',
    );
    await expectError(
      await as(
        other_admin.session.access_token,
        'POST',
        `/v1/org/verifications/accounts/${account.account_id}/reopen`,
      ),
      404,
      'not_found',
    );
    await expectError(
      await as(account.access_token, 'GET', '/v1/org/verifications'),
      403,
      'org_admin_required',
    );
    await expectError(
      await as(admin.session.access_token, 'GET', '/v1/org/verifications?status=maybe'),
      400,
      'invalid_status',
    );
    await expectError(
      await kyc.operatorDecide('no-such-submission', { decision: 'approve' }),
      404,
      'not_found',
    );
    await expectError(
      await kyc.operatorDecide(pending.submission_id, { decision: 'maybe' }),
      400,
      'invalid_request',
    );
  });
});
