import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  expectAccessible,
  expectError,
  expectFitsWidth,
  expectPublicPageChecks,
  json,
  launchBrowser,
  openPage,
  PAGE_LOCALES,
  PAGE_WIDTHS,
  RISK_DOC_IDS,
  riskClient,
  riskPagesClient,
  type RiskClient,
  type RiskConsentBody,
  type PageLocale,
  type RiskPagesClient,
  type TestAccount,
} from '../clients';

/** Where the screenshots go: an ignored folder of the repository, kept for a look after a run. */
const SHOTS = path.resolve(__dirname, '../../../.tmp/screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `qscore-${name}.png`), fullPage: true });

/** The consent page's title and its seal page's status and band, in each language. */
const CONSENT_TITLE: Record<PageLocale, string> = {
  en: 'Credit report authorization',
  es: 'Autorización de informe de crédito',
  zh: '信用报告授权',
};
const SEAL_TEXT: Record<PageLocale, { status: string; band: string }> = {
  en: { status: 'Valid', band: 'A · Excellent' },
  es: { status: 'Vigente', band: 'A · Excelente' },
  zh: { status: '有效', band: 'A · 优秀' },
};

/** A company whose sandbox bureau score the suite raises into band A. */
const SEAL_COMPANY_DOC_ID = '30712345671';

/**
 * What a person sees of credit scoring, in a real browser (headless Chromium) at phone width:
 * the public consent page where a document's holder authorizes or declines a requester, and the
 * public page of a company's credit seal. Screenshots of each language are kept.
 */
describe('credit scoring: public pages in a browser', () => {
  let platform: E2ePlatform;
  let risk: RiskClient;
  let pages: RiskPagesClient;
  let browser: Browser;
  let requester: TestAccount;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    platform = await startPlatform({ label: 'qscorepages' });
    risk = riskClient(platform.environments.test);
    pages = riskPagesClient(platform.environments.test);
    [browser, requester] = await Promise.all([
      launchBrowser(),
      pages.holder('qspreq', { type: 'company', display_name: 'Rentas del Sur SRL' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  /** A phone-sized page (390 x 844), in the browser language `locale`. */
  const phone = (locale = 'en-US') =>
    browser.newPage({ viewport: { width: 390, height: 844 }, locale });

  const personConsent = () =>
    risk.createConsent(requester, {
      country: 'AR',
      doc_id: RISK_DOC_IDS.ar_person,
      subject_type: 'person',
      purpose: 'tenant_screening',
    });

  const consentState = async (consent: RiskConsentBody) =>
    (await json<RiskConsentBody>(await risk.consentRaw(requester, consent.consent_id), 200)).status;

  it('is authorized by the holder at phone width (English); then a person report works', async () => {
    const consent = await personConsent();
    const page = await phone();
    try {
      await page.goto(consent.url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
      await expect(page.locator('h1').textContent()).resolves.toBe('Credit report authorization');
      await expect(page.locator('#requester').textContent()).resolves.toBe('Rentas del Sur SRL');
      await expect(page.locator('#purpose').textContent()).resolves.toBe('Tenant screening');
      await expect(page.locator('#subject').textContent()).resolves.toBe('Person');
      // The holder recognizes the document; whoever holds the link does not learn it.
      await expect(page.locator('#document').textContent()).resolves.toBe('•••••••6786');
      expect(await page.content()).not.toContain('20123456786');
      await expectFitsWidth(page);
      await shot(page, 'consent-en');

      await page.click('#authorize');
      await page.locator('#state[data-status="granted"]').waitFor();
      await expect(page.locator('#state h2').textContent()).resolves.toBe('Authorization granted');
      await expect(page.locator('#authorize').count()).resolves.toBe(0);
      await expect(page.locator('#expires').count()).resolves.toBe(0);
      await shot(page, 'consent-en-granted');
      await expectAccessible(page);
      expect(await consentState(consent)).toBe('granted');

      // The requester may now report on the person, under that consent.
      const report = await risk.createReport(requester, {
        country: 'AR',
        doc_id: RISK_DOC_IDS.ar_person,
        subject_type: 'person',
        purpose: 'tenant_screening',
        consent_id: consent.consent_id,
      });
      expect(report.consent_id).toBe(consent.consent_id);

      // Reopened, the page shows the decision and offers nothing.
      await page.goto(consent.url);
      await expect(page.locator('body').getAttribute('data-status')).resolves.toBe('granted');
      await expect(page.locator('#actions button').count()).resolves.toBe(0);
    } finally {
      await page.close();
    }
  });

  it('is declined in Spanish (?lang=es)', async () => {
    const consent = await personConsent();
    const page = await phone('zh-CN');
    try {
      await page.goto(`${consent.url}?lang=es`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
      await expect(page.locator('h1').textContent()).resolves.toBe(
        'Autorización de informe de crédito',
      );
      await expect(page.locator('#purpose').textContent()).resolves.toBe(
        'Evaluación de inquilinos',
      );
      await expect(page.locator('#authorize').textContent()).resolves.toBe('Autorizar');
      await expectFitsWidth(page);
      await shot(page, 'consent-es');
      await page.click('#decline');
      await page.locator('#state[data-status="revoked"]').waitFor();
      await expect(page.locator('#state h2').textContent()).resolves.toBe('Autorización rechazada');
      await shot(page, 'consent-es-declined');
      await expectAccessible(page);
      expect(await consentState(consent)).toBe('revoked');
    } finally {
      await page.close();
    }
  });

  it('speaks Chinese by the browser language and refuses a second answer (already_decided)', async () => {
    const consent = await personConsent();
    const [first, second] = await Promise.all([phone('zh-CN'), phone('zh-CN')]);
    try {
      await Promise.all([first.goto(consent.url), second.goto(consent.url)]);
      await expect(first.locator('html').getAttribute('lang')).resolves.toBe('zh');
      await expect(first.locator('h1').textContent()).resolves.toBe('信用报告授权');
      await expect(first.locator('#purpose').textContent()).resolves.toBe('租客审查');
      await expectFitsWidth(first);
      await shot(first, 'consent-zh');

      await first.click('#authorize');
      await first.locator('#state[data-status="granted"]').waitFor();
      // The other tab still shows the buttons: its answer comes too late.
      await second.click('#decline');
      await second.locator('#decision-note[data-error="already_decided"]').waitFor();
      await expect(second.locator('#decision-note').textContent()).resolves.toBe(
        '此请求已答复。请刷新页面查看其状态。',
      );
      await expect(second.locator('#decline').isDisabled()).resolves.toBe(true);
      await shot(second, 'consent-zh-already-decided');
      await expectAccessible(second);
      expect(await consentState(consent)).toBe('granted');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  for (const locale of PAGE_LOCALES) {
    it(`consent page in ${locale}: in its language, accessible, fits desktop and phone`, async () => {
      const consent = await personConsent();
      for (const width of PAGE_WIDTHS) {
        const page = await openPage(browser, width);
        try {
          await page.goto(`${consent.url}?lang=${locale}`);
          await expect(page.locator('h1').textContent()).resolves.toBe(CONSENT_TITLE[locale]);
          await expect(page.locator('#authorize').isEnabled()).resolves.toBe(true);
          await expectPublicPageChecks(page, 'qscore-consent', locale, width);
        } finally {
          await page.close();
        }
      }
    });
  }

  it('shows a link the requester revoked as revoked, and knows no other token', async () => {
    const consent = await personConsent();
    await json(await risk.revokeRaw(requester, consent.consent_id), 200);
    const page = await phone();
    try {
      await page.goto(consent.url);
      await expect(page.locator('#state').getAttribute('data-status')).resolves.toBe('revoked');
      await expect(page.locator('#actions button').count()).resolves.toBe(0);
    } finally {
      await page.close();
    }
    await expectError(
      await pages.http.request('GET', '/consent/qscore/no-such-token'),
      404,
      'not_found',
    );
  });

  it("shows a company's seal page (en, es, zh on a desktop and a phone; accessible), its badge, and its revocation", async () => {
    const company = await pages.holder('qspseal', {
      type: 'company',
      tax_id: SEAL_COMPANY_DOC_ID,
      display_name: 'Analytical Engines SA',
    });
    await json(
      await risk.setBureauScoreRaw(company, SEAL_COMPANY_DOC_ID, { score: 800, country: 'AR' }),
      200,
    );
    await json(await pages.myReportRaw(company), 201);
    const seal = await pages.createSeal(company);
    for (const locale of PAGE_LOCALES)
      for (const width of PAGE_WIDTHS) {
        const page = await openPage(browser, width);
        try {
          await page.goto(`${seal.verify_url}?lang=${locale}`);
          await expect(page.locator('#company-name').textContent()).resolves.toBe(
            'Analytical Engines SA',
          );
          await expect(page.locator('#status').textContent()).resolves.toBe(
            SEAL_TEXT[locale].status,
          );
          await expect(page.locator('#band').textContent()).resolves.toBe(SEAL_TEXT[locale].band);
          await expect(page.locator('#evaluated').textContent()).resolves.toBe(
            seal.evaluated_at.slice(0, 10),
          );
          // The badge is a valid SVG image: the browser decodes it at its size.
          await page.waitForFunction(
            "document.querySelector('img.badge-preview').complete && document.querySelector('img.badge-preview').naturalWidth === 264",
          );
          await expectPublicPageChecks(page, 'qscore-seal', locale, width);
        } finally {
          await page.close();
        }
      }

    const page = await phone();
    try {
      // This page sees the valid badge first, so a cached copy could show after the revocation.
      await page.goto(seal.verify_url);
      await page.waitForFunction(
        "document.querySelector('img.badge-preview').naturalWidth === 264",
      );
      await json(await pages.revokeSealRaw(company), 200);
      // The page shows the revoked badge at once, not the valid one the browser saw before.
      const badge = page.waitForResponse((response) => response.url().includes('/badge.svg'));
      await page.goto(seal.verify_url);
      expect(await (await badge).text()).toContain('Credit seal: A · Revoked');
      await expect(page.locator('#seal').getAttribute('data-status')).resolves.toBe('revoked');
      await expect(page.locator('#status').textContent()).resolves.toBe('Revoked');
      await shot(page, 'seal-en-revoked');
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});
