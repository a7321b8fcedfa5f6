import type { PublicSeal, RiskConsentPublicView } from '@platform/contracts';
import { consentPage } from './consent-page';
import { maskDocId } from './doc-id-mask';
import { sealBadgeSvg, sealPage } from './seal-page';

const consent = (overrides: Partial<RiskConsentPublicView> = {}): RiskConsentPublicView => ({
  consent_id: 'c1',
  subject_id: 's1',
  status: 'pending',
  previous_status: null,
  requester_name: 'Rentas <Sur> & Co',
  purpose: 'tenant_screening',
  subject_type: 'person',
  country: 'AR',
  doc_id: '20123456786',
  created_at: '2026-11-25T09:00:00.000Z',
  expires_at: '2026-12-02T09:00:00.000Z',
  decided_at: null,
  revoked_at: null,
  ...overrides,
});

const seal = (overrides: Partial<PublicSeal> = {}): PublicSeal => ({
  code: 'QS-ABCD2345EFGH',
  status: 'valid',
  company_name: 'Analytical Engines SA',
  country: 'AR',
  doc_id: '30712345679',
  band: 'A',
  evaluated_at: '2026-11-20T10:00:00.000Z',
  issued_at: '2026-11-21T10:00:00.000Z',
  expires_at: '2027-02-18T10:00:00.000Z',
  revoked_at: null,
  ...overrides,
});

describe('consent page', () => {
  it('offers authorize and decline on a pending link, in the asked language', () => {
    const html = consentPage('tok-1', consent(), 'es');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Autorización de informe de crédito');
    expect(html).toContain('Evaluación de inquilinos');
    expect(html).toContain('id="authorize"');
    expect(html).toContain('id="decline"');
    expect(html).toContain('"/consent/qscore/tok-1"');
  });

  it('escapes what the requester typed', () => {
    const html = consentPage('tok-1', consent(), 'en');
    expect(html).toContain('Rentas &lt;Sur&gt; &amp; Co');
    expect(html).not.toContain('<Sur>');
  });

  it.each([
    ['granted', 'Authorization granted'],
    ['revoked', 'Authorization declined'],
    ['expired', 'This link has expired'],
  ] as const)('shows a %s link with its state and no buttons', (status, title) => {
    const html = consentPage('tok-1', consent({ status }), 'en');
    expect(html).toContain(`data-status="${status}"`);
    expect(html).toContain(title);
    expect(html).not.toContain('id="authorize"');
    expect(html).not.toContain('<script>');
  });

  it('speaks Chinese', () => {
    expect(consentPage('t', consent(), 'zh')).toContain('信用报告授权');
  });

  it('shows the last four characters of the document only', () => {
    const html = consentPage('t', consent(), 'en');
    expect(html).toContain('•••••••6786');
    expect(html).not.toContain('20123456786');
    expect(maskDocId('123456')).toBe('•••456');
    expect(maskDocId('AB')).toBe('•B');
  });

  it('names an anonymous requester generically', () => {
    expect(consentPage('t', consent({ requester_name: null }), 'es')).toContain('Una empresa');
  });
});

describe('seal page and badge', () => {
  it('shows a valid seal with the company, band and dates', () => {
    const html = sealPage(seal(), 'en', '/verify/qscore/seal/QS-ABCD2345EFGH/badge.svg');
    expect(html).toContain('Analytical Engines SA');
    expect(html).toContain('A · Excellent');
    expect(html).toContain('2026-11-20');
    expect(html).toContain('id="status">Valid<');
    expect(html).toContain('src="/verify/qscore/seal/QS-ABCD2345EFGH/badge.svg"');
  });

  it('shows a revoked seal as revoked, with the day it was revoked', () => {
    const html = sealPage(
      seal({ status: 'revoked', revoked_at: '2026-11-22T08:15:00.000Z' }),
      'zh',
      '/b.svg',
    );
    expect(html).toContain('已撤销');
    expect(html).toContain('2026-11-22 08:15 UTC');
  });

  it('draws a badge with the band and the status, green only while valid', () => {
    const valid = sealBadgeSvg({ band: 'B', status: 'valid' }, 'en');
    expect(valid).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(valid).toContain('aria-label="Credit seal: B · Valid"');
    expect(valid).toContain('#1a7f37');
    const expired = sealBadgeSvg({ band: 'B', status: 'expired' }, 'es');
    expect(expired).toContain('Vencido');
    expect(expired).not.toContain('#1a7f37');
  });
});
