import { createPool } from '@platform/persistence';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  expectError,
  json,
  RISK_DOC_IDS,
  riskClient,
  type RiskClient,
  type RiskConsentBody,
  type TestAccount,
} from '../clients';

const person = {
  country: 'AR',
  doc_id: RISK_DOC_IDS.ar_person,
  subject_type: 'person',
  purpose: 'tenant_screening',
};

/**
 * A consent link nobody answered in time (spec §3, decisions D10): a pending link expires 7 days
 * after it was opened. Time passing is the one thing no route can do, so the suite moves the
 * link's `expires_at` back in the platform's database; everything else goes over HTTP. The link
 * reads `expired` everywhere, takes no answer and covers no report.
 */
describe('credit scoring consents: expiry', () => {
  let platform: E2eAllInOnePlatform;
  let risk: RiskClient;
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startAllInOneOnly({ label: 'qsexpiry' });
    risk = riskClient(platform.environments.test);
    owner = await risk.register('qsexpown');
  });
  afterAll(async () => platform?.close());

  /** Lets a link's time run out: its expiry moved to a second ago. */
  async function expire(consent_id: string): Promise<void> {
    const pool = createPool({
      url: platform.internals('test').database_url,
      schema: 'risk_scoring',
      max_connections: 1,
    });
    try {
      const { rowCount } = await pool.query(
        `update risk_consents set expires_at = now() - interval '1 second' where consent_id = $1`,
        [consent_id],
      );
      expect(rowCount).toBe(1);
    } finally {
      await pool.end();
    }
  }

  it('reads an unanswered link as expired, on the API and on the public page', async () => {
    const consent = await risk.createConsent(owner, person);
    await expire(consent.consent_id);

    const read = await json<RiskConsentBody>(await risk.consentRaw(owner, consent.consent_id), 200);
    expect(read).toMatchObject({
      consent_id: consent.consent_id,
      status: 'expired',
      previous_status: 'pending',
      decided_at: null,
      revoked_at: null,
    });
    const listed = await risk.consents(owner);
    expect(listed.consents.find((row) => row.consent_id === consent.consent_id)?.status).toBe(
      'expired',
    );
    expect(await json(await risk.holderState(consent), 200)).toMatchObject({ status: 'expired' });

    const page = await fetch(consent.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('data-status="expired"');
    expect(html).toContain('This link has expired');
    expect(html).not.toContain('id="authorize"');
  });

  it('takes no answer from the holder or the account once expired (already_decided)', async () => {
    const consent = await risk.createConsent(owner, person);
    await expire(consent.consent_id);
    await expectError(await risk.holderRaw(consent, 'authorize'), 409, 'already_decided');
    await expectError(await risk.holderRaw(consent, 'decline'), 409, 'already_decided');
    await expectError(await risk.revokeRaw(owner, consent.consent_id), 409, 'already_decided');
    expect(
      (await json<RiskConsentBody>(await risk.consentRaw(owner, consent.consent_id), 200)).status,
    ).toBe('expired');
  });

  it('covers no report of the person (link_inactive), and stores none', async () => {
    const consent = await risk.createConsent(owner, person);
    await expire(consent.consent_id);
    const before = (await risk.reports(owner)).reports.length;
    await expectError(
      await risk.createReportRaw(owner, { ...person, consent_id: consent.consent_id }),
      409,
      'link_inactive',
    );
    expect((await risk.reports(owner)).reports).toHaveLength(before);
  });
});
