import type { Browser } from 'playwright-core';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  cardPayin,
  documentationGaps,
  eventually,
  expectFitsWidth,
  expectPublicPageChecks,
  JSON_CONTENT,
  launchBrowser,
  openPage,
  PAGE_LOCALES,
  PAGE_WIDTHS,
  payinsClient,
  pix,
  type DocumentedOperation,
  type PageLocale,
  type PayinsClient,
  type TestAccount,
} from '../clients';

const TRACK_FIELDS = ['created_at', 'expires_at', 'finished_at', 'kind', 'status', 'updated_at'];
/** A completed payout's page title and status, in each language. */
const DELIVERED_TEXT: Record<PageLocale, { title: string; status: string }> = {
  en: { title: 'Transfer status', status: 'Delivered' },
  es: { title: 'Estado de la transferencia', status: 'Entregado' },
  zh: { title: '转账状态', status: '已到账' },
};

/** Track links (`GET /v1/track-link`) and the public page behind them, over HTTP. */
describe('track links of payouts and payins', () => {
  let platform: E2ePlatform;
  let api: PayinsClient;
  let owner: TestAccount;
  let other: TestAccount;
  let browser: Browser;
  let payout_id: string;

  const trackLink = (account: TestAccount, query: string) =>
    api.request('GET', `/v1/track-link${query}`, { token: account.access_token });
  /** The public JSON view: no credentials. */
  const publicView = (code: string) => api.request('GET', `/v1/track/${encodeURIComponent(code)}`);

  beforeAll(async () => {
    platform = await startPlatform({ label: 'tracklinks', settings: { SANDBOX_STEP_MS: '40' } });
    api = payinsClient(platform.environments.test);
    [owner, other, browser] = await Promise.all([
      api.account('track-owner'),
      api.account('track-other'),
      launchBrowser(),
    ]);
    const created = await api.request('POST', '/v1/payouts', {
      token: owner.access_token,
      body: pix('45.00', {
        idempotency_key: 'track-payout-1',
        beneficiary: { name: 'Ana Beneficiaria', account_number: 'ana.track@example.com' },
      }),
    });
    expect(created.status).toBe(202);
    payout_id = created.body.payout_id;
    await eventually(
      () => api.request('GET', `/v1/payouts/${payout_id}`, { token: owner.access_token }),
      (read) => read.body?.status === 'completed',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('gives the owner one code per payout, and the page shows its status and dates only', async () => {
    const first = await trackLink(owner, `?kind=payout&id=${payout_id}`);
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^po_[A-Za-z0-9_-]{24}$/);
    expect(first.body.track_url).toBe(
      `${platform.environments.test.base_url}/track/${first.body.code}`,
    );
    // Asked again: the same code, so a link already shared keeps working.
    expect((await trackLink(owner, `?kind=payout&id=${payout_id}`)).body).toEqual(first.body);

    const view = await publicView(first.body.code);
    expect(view.status).toBe(200);
    expect(Object.keys(view.body).sort()).toEqual(TRACK_FIELDS);
    expect(view.body).toMatchObject({ kind: 'payout', status: 'completed', expires_at: null });
    expect(view.body.finished_at).toBe(view.body.updated_at);
    expect(Date.parse(view.body.created_at)).toBeLessThanOrEqual(Date.parse(view.body.updated_at));
    expect(view.text).not.toContain('Ana');
    expect(view.text).not.toContain('45.00');
  });

  it('answers 404 for another account’s payout, an unknown id and an unknown code', async () => {
    const theirs = await trackLink(other, `?kind=payout&id=${payout_id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('not_found');
    // The payout is not a payin: asked under the other kind, nothing is found.
    expect((await trackLink(owner, `?kind=payin&id=${payout_id}`)).status).toBe(404);
    const unknown = await trackLink(owner, '?kind=payout&id=6f1c1f52-0c8f-4d59-9d7e-3f4f3b0f2a11');
    expect(unknown.status).toBe(404);
    for (const code of ['po_nothing-of-ours-here-000', 'pi_nothing', 'zz_x', 'po_'])
      expect(await publicView(code)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const html = await api.request('GET', '/track/po_unknown-code-of-nobody000');
    expect(html.status).toBe(404);
  });

  it('answers 404 for another account’s payin, and its owner a link', async () => {
    const payin = await api.create(owner, cardPayin({ idempotency_key: 'track-card-theirs' }));
    expect(payin.status).toBe(201);
    const theirs = await trackLink(other, `?kind=payin&id=${payin.body.payin_id}`);
    expect(theirs).toMatchObject({ status: 404, body: { error: 'not_found' } });
    // The same id is found for its owner: the 404 is the other account's, not the id's.
    const mine = await trackLink(owner, `?kind=payin&id=${payin.body.payin_id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.code).toMatch(/^pi_/);
  });

  it('documents every track link route', async () => {
    const document = (await api.request('GET', '/openapi.json')).body;
    const operations: DocumentedOperation[] = [
      {
        method: 'get',
        path: '/v1/track-link',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['invalid_request', 'unauthorized', 'not_found'],
      },
      // Public, like the page behind it: the code is the capability.
      {
        method: 'get',
        path: '/v1/track/{code}',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['not_found'],
      },
      {
        method: 'get',
        path: '/track/{code}',
        status: 200,
        answers: ['text/html'],
        errors: ['not_found'],
      },
    ];
    expect(documentationGaps(document, /^\/(v1\/)?track(-link)?(\/|$)/, operations)).toEqual([]);
  });

  it('refuses a bad kind or id with invalid_request, and an anonymous caller', async () => {
    for (const query of ['?kind=swap&id=' + payout_id, '?kind=payout', '?kind=payout&id=12', ''])
      expect(await trackLink(owner, query)).toMatchObject({
        status: 400,
        body: {
          error: 'invalid_request',
          message: expect.any(String),
          request_id: expect.any(String),
        },
      });
    const anonymous = await api.request('GET', `/v1/track-link?kind=payout&id=${payout_id}`);
    expect(anonymous.status).toBe(401);
  });

  it('tracks a payin from pending (with its deadline) to credited', async () => {
    const pending = await api.create(owner, cardPayin({ idempotency_key: 'track-card-1' }));
    expect(pending.status).toBe(201);
    const link = await trackLink(owner, `?kind=payin&id=${pending.body.payin_id}`);
    expect(link.status).toBe(200);
    expect(link.body.code).toMatch(/^pi_/);
    const open = await publicView(link.body.code);
    expect(open.body).toMatchObject({ kind: 'payin', status: 'pending', finished_at: null });
    expect(open.body.expires_at).toBe(pending.body.expires_at);

    const created = await api.createCredited(owner, {
      method: 'bank_transfer',
      country: 'US',
      currency: 'USD',
      amount: '80.00',
      idempotency_key: 'track-bank-1',
      customer: { name: 'Grace Payer', email: 'grace@example.com' },
    });
    const credited = await api.awaitPayin(owner, created.body.payin_id, () => true);
    const done = await trackLink(owner, `?kind=payin&id=${credited.payin_id}`);
    const view = await publicView(done.body.code);
    expect(view.body).toMatchObject({ kind: 'payin', status: 'credited', expires_at: null });
    expect(view.body.finished_at).toBe(credited.credited_at);
    expect(view.text).not.toContain('Grace');
  });

  it('shows the page in English, Spanish and Chinese, on a desktop and a phone', async () => {
    const { body } = await trackLink(owner, `?kind=payout&id=${payout_id}`);
    const cases = [
      { lang: 'en', width: 1280, title: 'Transfer status', status: 'Delivered' },
      { lang: 'es', width: 390, title: 'Estado de la transferencia', status: 'Entregado' },
      { lang: 'zh', width: 390, title: '转账状态', status: '已到账' },
    ];
    for (const { lang, width, title, status } of cases) {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      try {
        const response = await page.goto(`${body.track_url}?lang=${lang}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('h1').textContent()).resolves.toBe(title);
        await expect(page.locator('#status .pill').textContent()).resolves.toBe(status);
        await expect(page.locator('#created time').getAttribute('datetime')).resolves.toMatch(
          /^\d{4}-\d{2}-\d{2}T/,
        );
        await expect(page.locator('#finished time').count()).resolves.toBe(1);
        await expect(page.locator('#expires').count()).resolves.toBe(0);
        const text = (await page.locator('body').innerText()).toLowerCase();
        expect(text).not.toContain('ana');
        expect(text).not.toContain('45.00');
        await expectFitsWidth(page);
      } finally {
        await page.close();
      }
    }
    // Without ?lang the browser's language decides.
    const spanish = await browser.newPage({ locale: 'es-AR' });
    await spanish.goto(body.track_url);
    await expect(spanish.locator('h1').textContent()).resolves.toBe('Estado de la transferencia');
    await spanish.close();
  });

  for (const locale of PAGE_LOCALES) {
    it(`page in ${locale}: in its language, accessible, fits desktop and phone`, async () => {
      const { body } = await trackLink(owner, `?kind=payout&id=${payout_id}`);
      for (const width of PAGE_WIDTHS) {
        const page = await openPage(browser, width);
        try {
          await page.goto(`${body.track_url}?lang=${locale}`);
          await expect(page.locator('h1').textContent()).resolves.toBe(
            DELIVERED_TEXT[locale].title,
          );
          await expect(page.locator('#status .pill').textContent()).resolves.toBe(
            DELIVERED_TEXT[locale].status,
          );
          await expectPublicPageChecks(page, 'track', locale, width);
        } finally {
          await page.close();
        }
      }
    });
  }
});
