import { SUPPORTED_LOCALES } from '../../http';
import { contractPage } from './contract-page';
import { CONTRACT_PAGE_TEXT } from './contract-page-text';

const contract = {
  code: 'CTR-XYGH4XZCMZCT',
  status: 'signed' as const,
  title: 'Lease <script>alert(1)</script> & "terms"',
  signed_at: '2026-11-25T13:34:48.120Z',
  sha256: '73b4e99170fd65f95d3b48ec66982e69d2468e9b147a110a69c72393ffac7d21',
  signer: 'A** M**** P****',
};

describe('contract verification page', () => {
  it.each(SUPPORTED_LOCALES)('shows the hash, the code and the masked signer in %s', (locale) => {
    const html = contractPage(contract, locale);
    const text = CONTRACT_PAGE_TEXT[locale];
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<div class="hash" id="sha256">${contract.sha256}</div>`);
    expect(html).toContain(`<dd id="code">${contract.code}</dd>`);
    expect(html).toContain(`<dd id="signer">${contract.signer}</dd>`);
    expect(html).toContain('<dd id="signed-at">2026-11-25 13:34 UTC</dd>');
    for (const words of [text.title, text.sha256, text.signed]) expect(html).toContain(words);
  });

  it("escapes the organization's title: no markup of it reaches the page", () => {
    const html = contractPage(contract, 'en');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Lease &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;terms&quot;');
  });
});
