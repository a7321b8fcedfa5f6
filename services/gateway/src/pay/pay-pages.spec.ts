import type { CheckoutQuote } from '@platform/contracts';
import { brandPalette, contrastRatio, hexColor, pageBrandOf } from '../verify/qscore/page-brand';
import { countryName, formatDecimal, formatInstant, formatMoney } from './page-format';
import { cardPage, checkoutPage } from './pay-pages';
import { PAY_PAGE_TEXT } from './pay-page-text';

const brand = { name: 'Tienda <b>Aurora</b>', logo_url: null, color: '#0f766e' };
const state = {
  status: 'open' as const,
  amount: '1234.50',
  settlement_asset: 'USD',
  expires_at: '2026-11-25T14:30:00.000Z',
};
const quote: CheckoutQuote = {
  checkout_id: 'c1',
  amount: '1234.50',
  settlement_asset: 'USD',
  expires_at: state.expires_at,
  countries: ['MX', 'BO'],
  options: [{ method: 'qr', country: 'BO', currency: 'BOB', local_amount: '8530.395' }],
  cards: [
    { method: 'card', country: 'US', currency: 'USD', local_amount: '1234.50', available: false },
  ],
  crypto: [{ asset: 'BTC', amount: '0.01234567' }],
  account_app: { asset: 'USD', amount: '1234.50' },
};

describe('pay pages: formatting', () => {
  it('writes a decimal string for each language without dropping a digit', () => {
    expect(formatDecimal('en', '1234.5')).toBe('1,234.50');
    expect(formatDecimal('es', '1234.5')).toBe('1.234,50');
    expect(formatDecimal('zh', '1234.5')).toBe('1,234.50');
    expect(formatDecimal('en', '10.000000')).toBe('10.00');
    expect(formatDecimal('es', '0.00012345')).toBe('0,00012345');
    expect(formatDecimal('en', '90071992547409931.25')).toBe('90,071,992,547,409,931.25');
    expect(formatDecimal('en', 'n/a')).toBe('n/a');
    expect(formatMoney('es', '8530.395', 'BOB')).toBe('8.530,395 BOB');
  });

  it("writes an instant in the organization's zone, named, in each language", () => {
    expect(formatInstant('en', '2026-11-25T14:30:00.000Z', 'America/New_York')).toBe(
      'Nov 25, 2026, 09:30 AM EST',
    );
    expect(formatInstant('es', '2026-11-25T14:30:00.000Z', 'UTC')).toContain('14:30');
    expect(formatInstant('en', '2026-11-25T14:30:00.000Z', 'Not/AZone')).toContain('UTC');
    expect(countryName('es', 'MX')).toBe('México');
  });
});

describe('pay pages: brand', () => {
  it('keeps a safe logo and a hex colour, and drops anything else', () => {
    const base = { name: 'A', slug: 'a', timezone: 'UTC', default_locale: 'en' };
    expect(
      pageBrandOf({
        ...base,
        logo_url: 'https://cdn.example/logo.png',
        colors: { primary_color: '#ABC' },
      }),
    ).toEqual({ name: 'A', logo_url: 'https://cdn.example/logo.png', color: '#aabbcc' });
    expect(
      pageBrandOf({ ...base, logo_url: 'javascript:alert(1)', colors: { primary_color: 'red;}' } }),
    ).toEqual({ name: 'A', logo_url: null, color: null });
    expect(hexColor('#12345')).toBeNull();
  });

  it('puts the text on the brand colour that keeps contrast', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(brandPalette('#0f766e')).toEqual({
      background: '#0f766e',
      text: '#ffffff',
      accent: '#0f766e',
    });
    expect(brandPalette('#ffe066')).toEqual({
      background: '#ffe066',
      text: '#14213d',
      accent: '#14213d',
    });
  });
});

describe('pay pages: rendering', () => {
  const context = { locale: 'es' as const, brand, time_zone: 'America/New_York' };

  it('shows the brand, the formatted amount and every option of the quote', () => {
    const html = checkoutPage('tok', state, quote, context);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<span id="merchant-name">Tienda &lt;b&gt;Aurora&lt;/b&gt;</span>');
    expect(html).toContain('--brand:#0f766e');
    expect(html).toContain('<p class="amount" id="amount">1.234,50 USD</p>');
    expect(html).toContain('data-amount="8.530,395 BOB"');
    expect(html).toContain('Bolivia (BO)');
    expect(html).toMatch(/data-method="card"[^>]*disabled data-unavailable/);
    expect(html).toContain('data-method="account_app"');
    expect(html).toContain('<template id="panel-crypto">');
    expect(html).toContain('0,01234567 BTC');
    expect(html).toContain(PAY_PAGE_TEXT.es.field_payment_code);
  });

  it('shows a paid link without methods or script', () => {
    const html = checkoutPage('tok', { ...state, status: 'paid' }, null, context);
    expect(html).not.toContain('id="options"');
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<p id="paid-banner" class="banner ok" role="status" >/);
  });

  it('explains the test cards in the sandbox only, and has no form once paid', () => {
    const session = {
      status: 'pending' as const,
      amount: '10.00',
      currency: 'USD',
      reference: 'R1',
      success_url: null,
    };
    const sandbox = cardPage('tok', session, { ...context, sandbox: true });
    expect(sandbox).toContain('id="sandbox-note"');
    expect(sandbox).toContain('autocomplete="cc-number"');
    expect(cardPage('tok', session, { ...context, sandbox: false })).not.toContain(
      'id="sandbox-note"',
    );
    const paid = cardPage('tok', { ...session, status: 'credited' }, { ...context, sandbox: true });
    expect(paid).not.toContain('id="card-form"');
    expect(paid).not.toContain('id="pay"');
  });
});
