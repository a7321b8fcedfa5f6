import { createPool } from '@platform/persistence';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  expectError,
  json,
  RISK_DOC_IDS,
  riskClient,
  riskPagesClient,
  type RiskClient,
  type RiskConsentBody,
  type RiskPagesClient,
  type RiskReportBody,
  type SealBody,
  type TestAccount,
} from '../clients';

const person = {
  country: 'AR',
  doc_id: RISK_DOC_IDS.ar_person,
  subject_type: 'person',
  purpose: 'tenant_screening',
};
/** Companies with valid AR check digits, one per account of the suite (sandbox scores differ). */
const COMPANIES = { renewing: '30709998885', aging: '30711112223' };

/**
 * Credit scoring as time passes (spec §3 and §8, decisions D10): a pending consent link expires
 * after 7 days, an own report is renewed after 30 days, a seal lapses 90 days after its
 * evaluation. Time passing is the one thing no route can do, so the suite moves the stored
 * times back in the platform's database; everything else goes over HTTP.
 */
describe('credit scoring as time passes', () => {
  let platform: E2eAllInOnePlatform;
  let risk: RiskClient;
  let pages: RiskPagesClient;
  let owner: TestAccount;

  beforeAll(async () => {
    platform = await startAllInOneOnly({ label: 'qstime' });
    risk = riskClient(platform.environments.test);
    pages = riskPagesClient(platform.environments.test);
    owner = await risk.register('qstimeown');
  });
  afterAll(async () => platform?.close());

  /** One statement on the credit-scoring schema; answers the rows it changed. */
  async function sql(text: string, values: unknown[]): Promise<number> {
    const pool = createPool({
      url: platform.internals('test').database_url,
      schema: 'risk_scoring',
      max_connections: 1,
    });
    try {
      return (await pool.query(text, values)).rowCount ?? 0;
    } finally {
      await pool.end();
    }
  }

  /** A verified company whose own report (band A) the suite can age, and its balances before. */
  async function companyWithOwnReport(label: string, doc_id: string) {
    const company = await pages.holder(label, { type: 'company', tax_id: doc_id });
    await json(await risk.setBureauScoreRaw(company, doc_id, { score: 800, country: 'AR' }), 200);
    const balances = await balancesOf(company);
    const report = await json<RiskReportBody>(await pages.myReportRaw(company), 201);
    expect(report.band).toBe('A');
    return { company, report, balances };
  }

  /** What `GET /v1/balances` shows of each asset of the account. */
  const balancesOf = async (account: TestAccount) =>
    (
      await json<{ balances: unknown[] }>(
        await risk.http.request('GET', '/v1/balances', { headers: account.headers }),
        200,
      )
    ).balances;

  describe('a consent link nobody answered', () => {
    /** Lets a link's time run out: its expiry moved to a second ago. */
    const expire = async (consent_id: string) =>
      expect(
        await sql(
          `update risk_consents set expires_at = now() - interval '1 second' where consent_id = $1`,
          [consent_id],
        ),
      ).toBe(1);

    it('reads expired, on the API and on the public page', async () => {
      const consent = await risk.createConsent(owner, person);
      await expire(consent.consent_id);

      const read = await json<RiskConsentBody>(
        await risk.consentRaw(owner, consent.consent_id),
        200,
      );
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
      expect(await json(await risk.holderState(consent), 200)).toMatchObject({
        status: 'expired',
      });

      const page = await fetch(consent.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('data-status="expired"');
      expect(html).toContain('This link has expired');
      expect(html).not.toContain('id="authorize"');
    });

    it('takes no answer from the holder or the account (already_decided)', async () => {
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

  describe('the own report', () => {
    it('is made anew once 30 days have passed since the last one, and not before', async () => {
      const {
        company,
        report: first,
        balances,
      } = await companyWithOwnReport('qsrenew', COMPANIES.renewing);
      const aged = (days: number) =>
        sql(
          `update own_reports set created_at = now() - make_interval(days => $2)
            where report_id = $1`,
          [first.report_id, days],
        );
      expect(await aged(29)).toBe(1);
      const within = await json<RiskReportBody>(await pages.myReportRaw(company), 200);
      expect(within.report_id).toBe(first.report_id);

      expect(await aged(30)).toBe(1);
      const renewed = await json<RiskReportBody>(await pages.myReportRaw(company), 201);
      expect(renewed.report_id).not.toBe(first.report_id);
      expect(await json<RiskReportBody>(await pages.myReport(company), 200)).toEqual(renewed);
      // The new one counts from now: asking again answers it.
      expect((await json<RiskReportBody>(await pages.myReportRaw(company), 200)).report_id).toBe(
        renewed.report_id,
      );
      // Both own reports were free: the balances are as they were.
      expect(await balancesOf(company)).toEqual(balances);
    });
  });

  describe('a seal', () => {
    it('lapses 90 days after its evaluation, and a stale evaluation earns none', async () => {
      const { company, report } = await companyWithOwnReport('qsaging', COMPANIES.aging);
      const seal = await pages.createSeal(company);
      expect(seal.status).toBe('valid');
      // 91 days later: the evaluation is too old, and the seal it showed has lapsed.
      expect(
        await sql(
          `update risk_reports set evaluated_at = evaluated_at - interval '91 days'
            where report_id = $1`,
          [report.report_id],
        ),
      ).toBe(1);
      expect(
        await sql(
          `update seals set evaluated_at = evaluated_at - interval '91 days',
                            expires_at = expires_at - interval '91 days'
            where code = $1`,
          [seal.code],
        ),
      ).toBe(1);

      expect(await json<SealBody>(await pages.verifySeal(seal.code), 200)).toMatchObject({
        code: seal.code,
        status: 'expired',
        revoked_at: null,
      });
      expect(await (await pages.sealBadge(seal.code)).text()).toContain('Credit seal: A · Expired');
      await expectError(await pages.createSealRaw(company), 409, 'seal_not_eligible');
    });
  });
});
