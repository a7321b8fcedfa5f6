import type { PublicSeal, SealStatus } from '@platform/contracts';
import type { Locale } from '../../http';
import { escapeHtml, publicPage, utcMinute } from './page-shell';
import { SEAL_PAGE_TEXT, type SealPageText } from './seal-page-text';

const STATUS_TONE: Record<SealStatus, 'ok' | 'bad' | 'warn'> = {
  valid: 'ok',
  revoked: 'bad',
  expired: 'warn',
};
const STATUS_COLOR: Record<SealStatus, string> = {
  valid: '#1a7f37',
  revoked: '#b42318',
  expired: '#9a6700',
};
/** The badge's size: the name block on the left, the status block from `STATUS_X`. */
const BADGE_WIDTH = 264;
const STATUS_X = 176;
const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Noto Sans,Noto Sans CJK SC,sans-serif';

const EXTRA_STYLE = `
.hero{text-align:center;padding:1.5rem 1.15rem}
.seal{display:grid;place-items:center;width:5.5rem;height:5.5rem;margin:0 auto .8rem;border-radius:50%;color:#fff;font-size:2.4rem;font-weight:800;box-shadow:0 0 0 6px #fff,0 0 0 8px var(--line)}
.seal.ok{background:var(--ok)}.seal.bad{background:#8a94a6}.seal.warn{background:#8a94a6}
.company{font-size:1.3rem;font-weight:700;margin:.2rem 0 .5rem;overflow-wrap:anywhere}
.hero p{margin:.7rem 0 0;color:var(--muted)}
.badge-preview{display:block;margin:.2rem auto 0;max-width:100%}
#code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85rem;white-space:nowrap}
`;

const DATE = (instant: string) => instant.slice(0, 10);

function statusBody(text: SealPageText, seal: PublicSeal): string {
  if (seal.status === 'revoked') return text.revoked_body;
  if (seal.status === 'expired') return text.expired_body;
  return text.valid_body.replace('{band}', seal.band);
}

/**
 * The public page of a company's credit seal (decisions D10): the company, its band, when it was
 * evaluated, and whether the seal is valid, revoked or expired. Localized; one column on a phone.
 */
export function sealPage(seal: PublicSeal, locale: Locale, badge_path: string): string {
  const text = SEAL_PAGE_TEXT[locale];
  const tone = STATUS_TONE[seal.status];
  const band_name = text.bands[seal.band] ?? '';
  const rows: [string, string, string][] = [
    ['company', text.company, seal.company_name],
    ['country', text.country, seal.country],
    ['tax-id', text.tax_id, seal.doc_id],
    ['band', text.band, `${seal.band} · ${band_name}`],
    ['evaluated', text.evaluated, DATE(seal.evaluated_at)],
    ['issued', text.issued, DATE(seal.issued_at)],
    seal.revoked_at
      ? ['revoked-at', text.revoked, utcMinute(seal.revoked_at)]
      : ['expires', text.expires, DATE(seal.expires_at)],
    ['code', text.code, seal.code],
  ];
  const body = `<section class="card hero" id="seal" data-status="${seal.status}">
<div class="seal ${tone}" aria-hidden="true">${escapeHtml(seal.band)}</div>
<div class="company" id="company-name">${escapeHtml(seal.company_name)}</div>
<span class="pill ${tone}" id="status">${escapeHtml(text.statuses[seal.status])}</span>
<p id="status-body">${escapeHtml(statusBody(text, seal))}</p>
</section>
<section class="card"><dl>${rows.map(([key, label, value]) => `<dt>${escapeHtml(label)}</dt><dd id="${key}">${escapeHtml(value)}</dd>`).join('')}</dl></section>
<section class="card"><img class="badge-preview" src="${escapeHtml(badge_path)}" alt="${escapeHtml(`${text.badge_name}: ${text.statuses[seal.status]}`)}" width="${BADGE_WIDTH}" height="56"><p class="muted" style="margin-top:.8rem">${escapeHtml(text.about)}</p></section>`;
  return publicPage({
    locale,
    kicker: text.kicker,
    title: text.title,
    body,
    footer: text.kicker,
    extra_style: EXTRA_STYLE,
    body_attributes: `data-status="${seal.status}"`,
  });
}

/**
 * The seal's badge for a company's site: a 264 x 56 SVG naming the seal, the band and the
 * status, green only while the seal is valid.
 */
export function sealBadgeSvg(seal: Pick<PublicSeal, 'band' | 'status'>, locale: Locale): string {
  const text = SEAL_PAGE_TEXT[locale];
  const status = text.statuses[seal.status];
  const color = STATUS_COLOR[seal.status];
  const label = `${text.badge_name}: ${seal.band} · ${status}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="56" viewBox="0 0 ${BADGE_WIDTH} 56" role="img" aria-label="${escapeHtml(label)}">
<title>${escapeHtml(label)}</title>
<rect width="${BADGE_WIDTH}" height="56" rx="10" fill="#14213d"/>
<rect x="${STATUS_X}" width="${BADGE_WIDTH - STATUS_X}" height="56" rx="10" fill="${color}"/>
<rect x="${STATUS_X}" width="12" height="56" fill="${color}"/>
<circle cx="28" cy="28" r="17" fill="${seal.status === 'valid' ? '#1a7f37' : '#5c677d'}"/>
<text x="28" y="35" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="800" fill="#ffffff">${escapeHtml(seal.band)}</text>
<text x="54" y="24" font-family="${FONT}" font-size="13" font-weight="700" fill="#ffffff">${escapeHtml(text.badge_name)}</text>
<text x="54" y="41" font-family="${FONT}" font-size="11" fill="#c9d3ea">${escapeHtml(`${SEAL_PAGE_TEXT[locale].band} ${seal.band}`)}</text>
<text x="${(STATUS_X + BADGE_WIDTH) / 2}" y="33" text-anchor="middle" font-family="${FONT}" font-size="13" font-weight="700" fill="#ffffff">${escapeHtml(status)}</text>
</svg>`;
}
