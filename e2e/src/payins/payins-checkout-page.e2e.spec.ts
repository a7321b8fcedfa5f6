import type { Browser, Page } from 'playwright-core';
import { startPlatform, type E2ePlatform } from '../harness';
import { launchBrowser, payinsClient, type PayinsClient } from '../clients';

/**
 * The hosted checkout page in a real browser (headless Chromium): the payer opens the link,
 * picks a sandbox method by clicking, and the page itself follows the link until it is paid.
 */
describe('payins: hosted checkout page in a browser', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'payinpage',
      settings: { SANDBOX_STEP_MS: '50', PAYINS_SETTLEMENT_INTERVAL_MS: '100' },
    });
    api = payinsClient(platform.environments.test);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  async function newLink(label: string) {
    const account = await api.account(label);
    const { created } = await api.checkoutLink(account);
    return created.body.checkout_url as string;
  }

  /** Opens the link, clicks the MX bank transfer like a payer, waits for the paid banner. */
  async function payInBrowser(page: Page, url: string) {
    await page.goto(url);
    const bank_transfer = page.locator(
      '#options button[data-method="bank_transfer"][data-country="MX"]',
    );
    await bank_transfer.click();
    await page.locator('#paid-banner').waitFor({ state: 'visible', timeout: 60_000 });
  }

  const linkState = (checkout_url: string) => api.linkState(new URL(checkout_url).pathname);

  it('is paid from the page with a sandbox method (English)', async () => {
    const checkout_url = await newLink('page-en');
    const page = await browser.newPage();
    try {
      await page.goto(checkout_url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
      await expect(page.locator('#status').textContent()).resolves.toBe('Waiting for payment');
      await expect(page.locator('#paid-banner').isVisible()).resolves.toBe(false);
      await payInBrowser(page, checkout_url);
      await expect(page.locator('#paid-banner').textContent()).resolves.toBe('Paid. Thank you!');
      await expect(page.locator('#status').getAttribute('data-status')).resolves.toBe('paid');
      await expect(page.locator('#methods').isVisible()).resolves.toBe(false);
      expect(await linkState(checkout_url)).toMatchObject({
        status: 'paid',
        paid_method: 'bank_transfer',
        paid_currency: 'MXN',
      });
      // Reopened after payment, the page shows the paid state without offering methods.
      await page.goto(checkout_url);
      await expect(page.locator('#paid-banner').isVisible()).resolves.toBe(true);
      await expect(page.locator('#options button').count()).resolves.toBe(0);
    } finally {
      await page.close();
    }
  });

  it('speaks Spanish with ?lang=es and is paid the same way', async () => {
    const checkout_url = await newLink('page-es');
    const page = await browser.newPage({ locale: 'zh-CN' });
    try {
      const spanish_url = `${checkout_url}?lang=es`;
      await page.goto(spanish_url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
      await page.getByText('Elija cómo pagar').waitFor();
      await page.getByRole('button', { name: /Transferencia bancaria.*México \(MX\)/ }).waitFor();
      await payInBrowser(page, spanish_url);
      await expect(page.locator('#paid-banner').textContent()).resolves.toBe('Pagado. ¡Gracias!');
      await expect(page.locator('#status').textContent()).resolves.toBe('Pagado');
      expect(await linkState(checkout_url)).toMatchObject({ status: 'paid' });
    } finally {
      await page.close();
    }
  });

  it('is paid by card through the hosted card page, in Chinese by the browser locale', async () => {
    const checkout_url = await newLink('page-zh');
    const page = await browser.newPage({ locale: 'zh-CN' });
    try {
      await page.goto(checkout_url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('zh');
      await page.locator('#options button[data-method="card"]').first().click();
      await page.waitForURL(/\/pay\/card\//);
      await expect(page.locator('h1').textContent()).resolves.toBe('银行卡付款');
      await page.getByLabel('持卡人姓名').fill('王芳');
      await page.getByLabel('卡号').fill('4242 4242 4242 4242');
      await page.getByLabel('有效期 (MM/YY)').fill('12/30');
      await page.getByLabel('安全码 (CVC)').fill('123');
      await page.getByRole('button', { name: '付款' }).click();
      await page.locator('#status[data-status="credited"]').waitFor({ timeout: 60_000 });
      await expect(page.locator('#status').textContent()).resolves.toBe('已付款');
      expect(await api.awaitLinkClosed(new URL(checkout_url).pathname)).toMatchObject({
        status: 'paid',
        paid_method: 'card',
      });
      await page.goto(checkout_url);
      await expect(page.locator('#paid-banner').textContent()).resolves.toBe('已支付，谢谢！');
    } finally {
      await page.close();
    }
  });
});
