import type { Browser, Page } from 'playwright-core';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  ACCESSIBILITY_WIDTH,
  expectAccessible,
  expectFitsWidth,
  http,
  identityClient,
  launchBrowser,
  openAccount,
  openPage,
  PAGE_LOCALES,
  PAGE_WIDTHS,
  payinsClient,
  shoot,
  type PageLocale,
  type PayinsClient,
  type TestAccount,
} from '../clients';

/** A small square logo, inline so the page needs no network. */
const LOGO_URL = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="#0f766e"/><circle cx="32" cy="32" r="14" fill="#fff"/></svg>',
).toString('base64')}`;
const MERCHANT = 'Tienda Aurora';

/** The link's 1234.50 USD as each language writes it. */
const AMOUNT_TEXT: Record<PageLocale, string> = {
  en: '1,234.50 USD',
  es: '1.234,50 USD',
  zh: '1,234.50 USD',
};
const CHOOSE_TEXT: Record<PageLocale, string> = {
  en: 'Choose how to pay',
  es: 'Elija cómo pagar',
  zh: '选择付款方式',
};
const REFERENCE_LABEL: Record<PageLocale, string> = {
  en: 'Reference',
  es: 'Referencia',
  zh: '参考号',
};
const CARD_NUMBER_LABEL: Record<PageLocale, string> = {
  en: 'Card number',
  es: 'Número de tarjeta',
  zh: '卡号',
};

/**
 * The hosted checkout and card pages as a payer sees them, in headless Chromium: branded from
 * the organization, every method of the quote, labelled instructions with a QR picture, method
 * switching, the sandbox card form; accessible (axe-core, at each language's
 * `ACCESSIBILITY_WIDTH`) and not overflowing at phone width.
 */
describe('payins: branded hosted checkout and card pages in a browser', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;
  let browser: Browser;
  let merchant: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'paypages',
      settings: { SANDBOX_STEP_MS: '50', PAYINS_SETTLEMENT_INTERVAL_MS: '100' },
    });
    const target = platform.environments.test;
    api = payinsClient(target);
    await identityClient(target).createOrganization('aurora', MERCHANT, {
      branding: { logo_url: LOGO_URL, primary_color: '#0f766e' },
    });
    [browser, merchant] = await Promise.all([
      launchBrowser(),
      openAccount(http(target), {
        label: 'aurora',
        registration: { org: 'aurora', type: 'company', display_name: 'Aurora Store' },
      }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  /** A checkout link of the merchant; `.77` amounts are never paid by the sandbox. */
  async function newLink(amount = '1234.50') {
    const { created } = await api.checkoutLink(merchant, { amount, settlement_asset: 'USD' });
    return created.body.checkout_url as string;
  }

  const open = (width: number, locale: string) => openPage(browser, width, locale);

  const brandChecks = async (page: Page) => {
    await expect(page.locator('#merchant-name').textContent()).resolves.toBe(MERCHANT);
    expect(await page.locator('#merchant-name').isVisible()).toBe(true);
    expect(await page.evaluate("document.getElementById('merchant-logo').naturalWidth")).toBe(64);
  };

  for (const locale of PAGE_LOCALES) {
    it(`checkout page in ${locale}: branded, formatted, accessible, fits desktop and phone`, async () => {
      const checkout_url = await newLink();
      for (const width of PAGE_WIDTHS) {
        const page = await open(width, 'en-US');
        try {
          await page.goto(`${checkout_url}?lang=${locale}`);
          await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale);
          await brandChecks(page);
          await expect(page.locator('#amount').textContent()).resolves.toBe(AMOUNT_TEXT[locale]);
          await page.getByRole('heading', { name: CHOOSE_TEXT[locale] }).waitFor();
          // Every method of the quote: local methods, card, the account's balance, crypto.
          for (const method of ['bank_transfer', 'qr', 'fintoc', 'card', 'account_app', 'crypto'])
            expect(
              await page.locator(`#options button[data-method="${method}"]`).count(),
            ).toBeGreaterThan(0);
          await expectFitsWidth(page);
          await shoot(page, `pay-checkout-${locale}-${width}`);
          if (width === ACCESSIBILITY_WIDTH[locale]) await expectAccessible(page);
        } finally {
          await page.close();
        }
      }
    });

    it(`card page in ${locale}: branded sandbox card form, accessible, fits desktop and phone`, async () => {
      const checkout_url = await newLink();
      const { path: link_path } = { path: new URL(checkout_url).pathname };
      const chosen = await http(platform.environments.test).request(
        'POST',
        `${link_path}/methods/card?country=US&currency=USD`,
      );
      const payment_url = ((await chosen.json()) as { payin: { payment_url: string } }).payin
        .payment_url;
      for (const width of PAGE_WIDTHS) {
        const page = await open(width, 'en-US');
        try {
          await page.goto(`${payment_url}?lang=${locale}`);
          await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale);
          await brandChecks(page);
          await page.getByLabel(CARD_NUMBER_LABEL[locale]).waitFor();
          await page.getByText(REFERENCE_LABEL[locale], { exact: true }).waitFor();
          await expect(page.locator('#sandbox-note').textContent()).resolves.toContain(
            '4242 4242 4242 4242',
          );
          await expectFitsWidth(page);
          await shoot(page, `pay-card-${locale}-${width}`);
          if (width === ACCESSIBILITY_WIDTH[locale]) await expectAccessible(page);
        } finally {
          await page.close();
        }
      }
    });
  }

  it('shows labelled instructions with a QR picture, and switches methods after a choice', async () => {
    // 1234.77 USD: the sandbox never pays it, so the payer has time to switch.
    const checkout_url = await newLink('1234.77');
    const page = await open(390, 'es-ES');
    try {
      await page.goto(checkout_url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
      await page.locator('#options button[data-method="bank_transfer"][data-country="US"]').click();
      await page.locator('#instructions').waitFor({ state: 'visible' });
      await page.getByText('Número de cuenta', { exact: true }).waitFor();
      await page.getByText('Referencia', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /^Copiar\s?:/ }).count()).toBeGreaterThan(2);
      await expect(page.locator('#instructions-body').textContent()).resolves.toContain(
        '1.234,77 USD',
      );
      expect(await page.locator('#methods').isVisible()).toBe(false);
      const copy_reference = page
        .locator('#instructions-body .field', { hasText: 'Referencia' })
        .locator('button.copy');
      await expect(copy_reference.textContent()).resolves.toBe('Copiar: Referencia');
      await copy_reference.click();
      // The word changes once the clipboard write settles: wait for it rather than read at once.
      await copy_reference.locator('.copy-word', { hasText: 'Copiado' }).waitFor();
      await shoot(page, 'pay-checkout-es-instructions');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Elegir otro medio de pago' }).click();
      await page.locator('#options button[data-method="crypto"]').click();
      await expect(page.locator('#instructions-body').textContent()).resolves.toContain('USDT');
      await page.getByText('Código de pago', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Elegir otro medio de pago' }).click();
      await page.locator('#options button[data-method="qr"]').first().click();
      const qr = page.locator('#qr-image');
      await qr.waitFor({ state: 'visible' });
      await expect(qr.getAttribute('alt')).resolves.toBe('Código QR para pagar');
      await page.waitForFunction("document.getElementById('qr-image').naturalWidth > 0");
      await page.getByText('Datos del código QR', { exact: true }).waitFor();
      await shoot(page, 'pay-checkout-es-qr');
      // A link of a `.77` amount stays open: the page keeps waiting, and can still switch.
      await expect(page.locator('#status').getAttribute('data-status')).resolves.toBe('open');
      await page.getByRole('button', { name: 'Elegir otro medio de pago' }).click();
      expect(
        await page.locator('#options button[data-method="bank_transfer"]').first().isEnabled(),
      ).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('is paid with the sandbox card form, and then shows the paid state with no Pay button', async () => {
    const checkout_url = await newLink();
    const page = await open(390, 'en-US');
    try {
      await page.goto(checkout_url);
      await page.locator('#options button[data-method="card"]').first().click();
      await page.waitForURL(/\/pay\/card\//);
      // An invalid card is refused on the page, and nothing is charged.
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.locator('#card-number-error').textContent()).resolves.toBe(
        'Enter a valid card number.',
      );
      await page.getByLabel('Name on card').fill('Ana Payer');
      await page.getByLabel('Card number').fill('4242424242424242');
      await expect(page.getByLabel('Card number').inputValue()).resolves.toBe(
        '4242 4242 4242 4242',
      );
      await page.getByLabel('Expiry (MM/YY)').fill('1230');
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.locator('#status[data-status="credited"]').waitFor({ timeout: 60_000 });
      await expect(page.locator('#paid-banner').textContent()).resolves.toBe('Paid. Thank you!');
      expect(await page.getByRole('button', { name: 'Pay' }).count()).toBe(0);
      expect(await page.locator('#card-form').count()).toBe(0);
      await shoot(page, 'pay-card-en-paid');
      await expectAccessible(page);
      // Reopened, the card page stays paid without a form.
      await page.reload();
      await expect(page.locator('#status').getAttribute('data-status')).resolves.toBe('credited');
      expect(await page.locator('#pay').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('answers a QR picture only for a known link', async () => {
    const checkout_url = await newLink();
    const client = http(platform.environments.test);
    const known = await client.request(
      'GET',
      `${new URL(checkout_url).pathname}/qr.svg?data=${encodeURIComponent('000201|REF')}`,
    );
    expect(known.status).toBe(200);
    expect(known.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await known.text()).toMatch(/^<svg /);
    const unknown = await client.request('GET', '/pay/not-a-token/qr.svg?data=x');
    expect(unknown.status).toBe(404);
    const too_long = await client.request(
      'GET',
      `${new URL(checkout_url).pathname}/qr.svg?data=${'x'.repeat(513)}`,
    );
    expect(too_long.status).toBe(400);
    expect(await too_long.json()).toEqual({
      error: expect.any(String),
      message: expect.any(String),
      request_id: too_long.headers.get('x-request-id'),
    });
  });
});
