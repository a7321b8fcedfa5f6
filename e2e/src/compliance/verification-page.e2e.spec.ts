import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  expectAccessible,
  expectFitsWidth,
  expectPublicPageChecks,
  launchBrowser,
  json,
  openPage,
  PAGE_LOCALES,
  PAGE_WIDTHS,
  TINY_PDF_BASE64,
  TINY_PNG_BASE64,
  verificationClient,
  type PageLocale,
  type VerificationClient,
} from '../clients';

/** Where the screenshots go: an ignored folder of the repository, kept for a look after a run. */
const SHOTS = path.resolve(__dirname, '../../../.tmp/screenshots');

/** The page's title, in each language. */
const TITLE: Record<PageLocale, string> = {
  en: 'Verify your identity',
  es: 'Verifique su identidad',
  zh: '验证您的身份',
};

/**
 * Issue 14, the hosted identity verification page in a real browser (headless Chromium) at phone
 * width: the person fills in the details, uploads a document and a selfie by choosing files, and
 * submits; the sandbox then approves the account. Screenshots of each language are kept.
 */
describe('identity verification: hosted page in a browser', () => {
  let platform: E2ePlatform;
  let kyc: VerificationClient;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    platform = await startPlatform({ label: 'kycpage', settings: { SANDBOX_STEP_MS: '50' } });
    kyc = verificationClient(() => platform.environments.test);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  /** A phone-sized page (390 x 844). */
  const phone = () => browser.newPage({ viewport: { width: 390, height: 844 } });

  const file = (name: string, mimeType: string, base64: string) => ({
    name,
    mimeType,
    buffer: Buffer.from(base64, 'base64'),
  });

  async function fillAndSubmit(page: Page) {
    await page.fill('#first_name', 'Ada');
    await page.fill('#last_name', 'Lovelace');
    await page.fill('#doc_id', 'AB123456');
    await page.fill('#birth_date', '1990-05-17');
    await page.fill('#country', 'gb');
    await page.click('#save-identity');
    await page.locator('#step-identity.done').waitFor();
    await page.setInputFiles(
      '#document-file',
      file('passport.pdf', 'application/pdf', TINY_PDF_BASE64),
    );
    await page.locator('#step-documents.done').waitFor();
    await page.setInputFiles('#selfie-file', file('selfie.png', 'image/png', TINY_PNG_BASE64));
    await page.click('#send-selfie');
    await page.locator('#step-liveness.done').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'verification-en-filled.png'), fullPage: true });
    await page.click('#submit');
    await page.locator('#submitted').waitFor({ state: 'visible' });
  }

  it('is completed from the page at phone width (English) and the sandbox approves it', async () => {
    const account = await kyc.unverifiedAccount('pageen');
    const link = await kyc.link(account);
    const page = await phone();
    try {
      await page.goto(link.url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
      await expect(page.locator('h1').textContent()).resolves.toBe('Verify your identity');
      await expect(page.locator('#submit').isDisabled()).resolves.toBe(true);
      // Nothing wider than the phone: no sideways scrolling.
      await expectFitsWidth(page);
      await page.screenshot({ path: path.join(SHOTS, 'verification-en.png'), fullPage: true });

      // A refused file shows the reason on the page; nothing is stored.
      await page.setInputFiles(
        '#document-file',
        file('notes.txt', 'text/plain', Buffer.from('hello').toString('base64')),
      );
      await expect(page.locator('#documents-note.bad').textContent()).resolves.toMatch(
        /jpeg|png|pdf/i,
      );

      await fillAndSubmit(page);
      await expect(page.locator('#submitted').textContent()).resolves.toContain('Thank you');
      await page.screenshot({
        path: path.join(SHOTS, 'verification-en-submitted.png'),
        fullPage: true,
      });
      await expectAccessible(page);
      await kyc.awaitVerification(account, (body) => body.status === 'approved');

      // Reopened after submission, the page says so instead of offering the steps.
      await page.goto(link.url);
      await expect(page.locator('#closed').getAttribute('data-state')).resolves.toBe('completed');
      await expect(page.locator('#steps').count()).resolves.toBe(0);
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });

  it.each([
    ['es', 'Verifique su identidad', 'Razón social'],
    ['zh', '验证您的身份', '公司法定名称'],
  ])('renders in %s (a company: no selfie step)', async (lang, title, legal_name_label) => {
    const account = await kyc.unverifiedAccount(`page${lang}`, {
      type: 'company',
      display_name: 'Engines',
    });
    const link = await kyc.link(account);
    const page = await phone();
    try {
      await page.goto(`${link.url}?lang=${lang}`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
      await expect(page.locator('h1').textContent()).resolves.toBe(title);
      await expect(page.locator('label[for=legal_name]').textContent()).resolves.toBe(
        legal_name_label,
      );
      await expect(page.locator('#step-liveness').count()).resolves.toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `verification-${lang}.png`), fullPage: true });
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });

  for (const locale of PAGE_LOCALES) {
    it(`page of a person in ${locale}: in its language, accessible, fits desktop and phone`, async () => {
      const account = await kyc.unverifiedAccount(`pagea11y${locale}`);
      const link = await kyc.link(account);
      for (const width of PAGE_WIDTHS) {
        const page = await openPage(browser, width);
        try {
          await page.goto(`${link.url}?lang=${locale}`);
          await expect(page.locator('h1').textContent()).resolves.toBe(TITLE[locale]);
          await page.locator('#step-liveness').waitFor();
          await expectPublicPageChecks(page, 'verification', locale, width);
        } finally {
          await page.close();
        }
      }
    });
  }

  it('shows an expired page for a replaced link', async () => {
    const account = await kyc.unverifiedAccount('pageold');
    const old = await kyc.link(account);
    await json(await kyc.newLink(account.access_token), 201);
    const page = await phone();
    try {
      await page.goto(old.url);
      await expect(page.locator('#closed').getAttribute('data-state')).resolves.toBe('expired');
      await page.screenshot({ path: path.join(SHOTS, 'verification-expired.png'), fullPage: true });
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});
