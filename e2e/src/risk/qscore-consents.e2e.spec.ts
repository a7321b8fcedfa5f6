import { startPlatform, type E2ePlatform } from '../harness';
import {
  awaitEvents,
  eventsClient,
  eventually,
  expectError,
  json,
  RISK_DOC_IDS,
  riskClient,
  startWebhookReceiver,
  verificationClient,
  type RiskClient,
  type RiskConsentBody,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

const person = {
  country: 'BR',
  doc_id: RISK_DOC_IDS.br_person,
  subject_type: 'person',
  purpose: 'tenant_screening',
};

/**
 * Consent links over HTTP (spec §3, decisions D10): the holder's decisions on the public
 * routes, revocation, `already_decided`, BOLA, the events on webhooks and the stream, the
 * sandbox bureau, and the verified-account rule.
 */
describe('credit scoring consents', () => {
  let platform: E2ePlatform;
  let risk: RiskClient;
  let receiver: WebhookReceiver;
  let owner: TestAccount;
  let other: TestAccount;
  const events = eventsClient(() => platform.environments.test);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'qsconsent',
      settings: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '100', SANDBOX_STEP_MS: '50' },
    });
    risk = riskClient(platform.environments.test);
    [owner, other] = await Promise.all([risk.register('qscown'), risk.register('qscoth')]);
    await events.subscription(owner.access_token, {
      event_type: '*',
      callback_url: receiver.url('/qscore'),
      secret: 'qscore-webhook-secret-0123456789',
    });
  });
  afterAll(async () => {
    await platform.close();
    await receiver.close();
  });

  /** The bodies of the webhooks delivered to the owner about the consent. */
  const delivered = (consent_id: string, type: string) =>
    eventually(
      async () =>
        receiver.received
          .map((hook) => JSON.parse(hook.raw_body.toString('utf8')) as Record<string, any>)
          .filter((body) => body.data?.consent_id === consent_id),
      (bodies) => bodies.some((body) => body.type === type),
      { attempts: 1200, poll_ms: 50 },
    );

  it('opens a pending link whose public page lets the holder authorize it once', async () => {
    const stream = await (await events.stream(owner.access_token)).connected();
    const consent = await risk.createConsent(owner, person);
    expect(consent).toEqual({
      consent_id: expect.any(String),
      subject_id: 'BR-39053344705',
      country: 'BR',
      doc_id: '39053344705',
      subject_type: 'person',
      purpose: 'tenant_screening',
      status: 'pending',
      previous_status: null,
      url: expect.stringMatching(/\/consent\/qscore\/[A-Za-z0-9_-]{20,}$/),
      created_at: expect.any(String),
      expires_at: expect.any(String),
      decided_at: null,
      revoked_at: null,
    });
    expect(consent.url).not.toContain(consent.consent_id);
    expect(Date.parse(consent.expires_at) - Date.parse(consent.created_at)).toBe(7 * 86_400_000);

    const state = await json<Record<string, unknown>>(await risk.holderState(consent), 200);
    expect(state).toMatchObject({
      status: 'pending',
      doc_id: '39053344705',
      requester_name: expect.any(String),
    });
    expect(state).not.toHaveProperty('url');

    const granted = await json<Record<string, unknown>>(
      await risk.holderRaw(consent, 'authorize'),
      200,
    );
    expect(granted).toMatchObject({ status: 'granted', previous_status: 'pending' });
    await expectError(await risk.holderRaw(consent, 'authorize'), 409, 'already_decided');
    await expectError(await risk.holderRaw(consent, 'decline'), 409, 'already_decided');
    await expectError(await risk.revokeRaw(owner, consent.consent_id), 409, 'already_decided');

    const hooks = await delivered(consent.consent_id, 'risk_consent_granted');
    expect(hooks.find((body) => body.type === 'risk_consent_granted')!.data).toEqual({
      consent_id: consent.consent_id,
      subject_id: 'BR-39053344705',
      country: 'BR',
      doc_id: '39053344705',
      subject_type: 'person',
      purpose: 'tenant_screening',
      status: 'granted',
      previous_status: 'pending',
      revoked_at: null,
    });
    // A report on the granted link reaches the stream as risk_report_ready.
    const report = await risk.createReport(owner, { ...person, consent_id: consent.consent_id });
    await eventually(
      async () => stream.published(),
      (published) =>
        published.some(
          (event) =>
            event.type === 'risk_report_ready' && event.data.report_id === report.report_id,
        ) && published.some((event) => event.type === 'risk_consent_granted'),
      { attempts: 1200, poll_ms: 50 },
    );
    const ready = stream.published().find((event) => event.type === 'risk_report_ready')!;
    expect(ready.data).toEqual({
      report_id: report.report_id,
      account_id: owner.account_id,
      subject_id: 'BR-39053344705',
      country: 'BR',
      doc_id: '39053344705',
      subject_type: 'person',
      purpose: 'tenant_screening',
      score: report.score,
      band: report.band,
      evaluated_at: report.evaluated_at,
    });
    stream.close();
  });

  it('revokes a pending link by the account or the holder, with risk_consent_revoked', async () => {
    const stream = await (await events.stream(owner.access_token)).connected();
    const by_account = await risk.createConsent(owner, person);
    const revoked = await json<RiskConsentBody>(
      await risk.revokeRaw(owner, by_account.consent_id),
      200,
    );
    expect(revoked).toMatchObject({
      status: 'revoked',
      previous_status: 'pending',
      revoked_at: expect.any(String),
    });
    await expectError(await risk.holderRaw(by_account, 'authorize'), 409, 'already_decided');
    const hooks = await delivered(by_account.consent_id, 'risk_consent_revoked');
    const hook = hooks.find((body) => body.type === 'risk_consent_revoked')!;
    expect(hook.data).toMatchObject({
      status: 'revoked',
      previous_status: 'pending',
      revoked_at: revoked.revoked_at,
    });
    // The same event reaches the stream.
    const [streamed] = await awaitEvents(
      () => stream.published(),
      'risk_consent_revoked',
      (data) => data.consent_id === by_account.consent_id,
    );
    expect(streamed.id).toBe(hook.id);
    stream.close();

    const by_holder = await risk.createConsent(owner, person);
    expect(await json(await risk.holderRaw(by_holder, 'decline'), 200)).toMatchObject({
      status: 'revoked',
    });
    // A revoked link authorizes no report.
    await expectError(
      await risk.createReportRaw(owner, { ...person, consent_id: by_holder.consent_id }),
      409,
      'link_inactive',
    );
  });

  it("lists the account's links and hides them from another account", async () => {
    const listed = await risk.consents(owner, '?page_size=2');
    expect(listed).toMatchObject({ page: 1, page_size: 2 });
    expect(listed.consents).toHaveLength(2);
    const one = listed.consents[0]!;
    expect(await json(await risk.consentRaw(owner, one.consent_id), 200)).toEqual(one);
    await expectError(await risk.consentRaw(other, one.consent_id), 404, 'not_found');
    await expectError(await risk.revokeRaw(other, one.consent_id), 404, 'not_found');
    await expectError(await risk.consentRaw(owner, 'not-a-consent'), 404, 'not_found');
    expect((await risk.consents(other)).consents).toEqual([]);
    await expectError(
      await risk.http.request('POST', '/consent/qscore/unknown-token/authorize'),
      404,
      'not_found',
    );
  });

  it('refuses a bad link request with the spec codes', async () => {
    const { purpose: _purpose, ...without_purpose } = person;
    await expectError(await risk.createConsentRaw(other, without_purpose), 400, 'purpose_required');
    await expectError(
      await risk.createConsentRaw(other, { ...person, purpose: 'fun' }),
      400,
      'invalid_purpose',
    );
    await expectError(
      await risk.createConsentRaw(other, { ...person, doc_id: '390.533.447-06' }),
      400,
      'invalid_doc_id',
    );
    await expectError(
      await risk.createConsentRaw(other, { ...person, subject_type: 'company' }),
      400,
      'invalid_subject_type',
    );
    await expectError(
      await risk.createConsentRaw(other, { ...person, country: 'ZZ' }),
      400,
      'invalid_country',
    );
    expect((await risk.consents(other)).consents).toEqual([]);
  });

  it("follows the sandbox bureau's score of a document id", async () => {
    const company = {
      country: 'PE',
      doc_id: RISK_DOC_IDS.pe_company,
      subject_type: 'company',
      purpose: 'supplier_onboarding',
    };
    await json(await risk.setBureauScoreRaw(other, RISK_DOC_IDS.pe_company, { score: 812 }), 200);
    expect(await risk.createReport(other, company)).toMatchObject({ score: 812, band: 'A' });
    await json(
      await risk.setBureauScoreRaw(other, RISK_DOC_IDS.pe_company, { score: 455, country: 'PE' }),
      200,
    );
    expect(await risk.createReport(other, company)).toMatchObject({ score: 455, band: 'E' });
    await expectError(
      await risk.setBureauScoreRaw(other, RISK_DOC_IDS.pe_company, { score: 900 }),
      400,
      'invalid_request',
    );
  });

  it('needs a verified account for a report', async () => {
    const unverified = await verificationClient(platform.environments.test).unverifiedAccount(
      'qsunver',
    );
    await expectError(
      await risk.createReportRaw(unverified, {
        country: 'BR',
        doc_id: RISK_DOC_IDS.br_company,
        subject_type: 'company',
        purpose: 'other',
      }),
      403,
      'kyc_required',
    );
  });
});
