import type { PublicContractVerification } from '@platform/contracts';
import type { Locale } from '../../http';
import { escapeHtml, publicPage, utcMinute } from '../qscore/page-shell';
import { CONTRACT_PAGE_TEXT } from './contract-page-text';

const EXTRA_STYLE = `
.hash{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85rem;overflow-wrap:anywhere;word-break:break-all;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.6rem .7rem;margin:.3rem 0 .6rem}
#code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
`;

/**
 * The public page of a signed contract (decisions D11): its title, the masked signer, when it
 * was signed, the code and the signed PDF's SHA-256 to compare a copy with. Localized.
 */
export function contractPage(contract: PublicContractVerification, locale: Locale): string {
  const text = CONTRACT_PAGE_TEXT[locale];
  const rows: [string, string, string][] = [
    ['title', text.contract, contract.title],
    ['signer', text.signer, contract.signer],
    ['signed-at', text.signed_at, utcMinute(contract.signed_at)],
    ['code', text.code, contract.code],
  ];
  const body = `<section class="banner ok" id="status" data-status="${contract.status}">
<h2>${escapeHtml(text.signed)}</h2><p>${escapeHtml(text.signed_body)}</p>
</section>
<section class="card"><dl>${rows.map(([key, label, value]) => `<dt>${escapeHtml(label)}</dt><dd id="${key}">${escapeHtml(value)}</dd>`).join('')}</dl></section>
<section class="card"><h2>${escapeHtml(text.sha256)}</h2><div class="hash" id="sha256">${escapeHtml(contract.sha256)}</div><p class="muted">${escapeHtml(text.how_to)}</p></section>`;
  return publicPage({
    locale,
    kicker: text.kicker,
    title: text.title,
    body,
    footer: text.kicker,
    extra_style: EXTRA_STYLE,
    body_attributes: `data-status="${contract.status}"`,
  });
}
