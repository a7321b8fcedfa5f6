import type { Locale } from '../../http';
import { brandPalette, type PageBrand } from './page-brand';

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** Data for a script block: JSON that cannot close the script element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** `2026-11-25T09:30:12.345Z` as `2026-11-25 09:30 UTC`. */
export function utcMinute(instant: string): string {
  return `${instant.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The platform's public-page look (the hosted verification page's palette), phone first. Text
 * colours keep WCAG's 4.5:1 on what they are painted on: `--ok` on a pill's pale green too. A
 * label takes at most 45% of a row, so on a phone a long label wraps rather than its value.
 */
const STYLE = `
:root{--ink:#14213d;--muted:#5c677d;--line:#e3e7ef;--brand:#2f5bea;--on-brand:#fff;--accent:#2f5bea;--header-bg:#14213d;--header-ink:#fff;--focus:#1d4ed8;--ok:#176f30;--bad:#b42318;--warn:#9a6700;--bg:#f5f7fb}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;background:var(--bg);color:var(--ink);line-height:1.45}
header{background:var(--header-bg);color:var(--header-ink);padding:1.1rem 1.25rem 1.3rem}
header .merchant{display:flex;align-items:center;gap:.6rem;font-weight:700;font-size:1rem;margin-bottom:.35rem}
header .merchant img{height:2.25rem;width:auto;max-width:8rem;border-radius:6px;background:#fff;padding:2px;object-fit:contain}
header .kicker{font-size:.8rem;letter-spacing:.04em;text-transform:uppercase;opacity:.75}
header h1{margin:.25rem 0 0;font-size:1.35rem;line-height:1.25}
header>*,header h1{max-width:32rem;margin-left:auto;margin-right:auto}
main{max-width:34rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:14px;padding:1.1rem 1.15rem;margin:0 0 1rem;box-shadow:0 1px 3px rgba(20,33,61,.06)}
.lead{font-size:1.05rem;margin:0 0 .2rem}
.lead strong{font-weight:700}
h2{font-size:1rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:fit-content(45%) 1fr;gap:.55rem 1rem;margin:.4rem 0 0}
dt{color:var(--muted);font-size:.9rem}
dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
.muted{color:var(--muted);font-size:.92rem;margin:0}
.actions{display:grid;gap:.6rem;margin-top:1rem}
button{width:100%;padding:.85rem;border-radius:10px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid transparent}
button.primary{background:var(--brand);color:var(--on-brand)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
a{color:var(--accent)}
button.secondary{background:#fff;color:var(--ink);border-color:#cfd6e4}
button:disabled{opacity:.55;cursor:default}
.note{font-size:.88rem;margin:.6rem 0 0;min-height:1.2em;color:var(--muted)}
.note.bad{color:var(--bad)}
.banner{border-radius:14px;padding:1.1rem 1.15rem;margin:0 0 1rem;border:1px solid}
.banner h2{margin:0 0 .3rem;font-size:1.1rem}
.banner p{margin:0}
.banner.ok{background:#e6f4ea;border-color:#9fd5ad}
.banner.bad{background:#fdecea;border-color:#f1aeb5}
.banner.warn{background:#fff6e0;border-color:#f0d58c}
.pill{display:inline-block;padding:.2rem .65rem;border-radius:999px;font-size:.85rem;font-weight:700}
.pill.ok{background:#e6f4ea;color:var(--ok)}
.pill.bad{background:#fdecea;color:var(--bad)}
.pill.warn{background:#fff6e0;color:var(--warn)}
footer{color:var(--muted);font-size:.8rem;text-align:center;padding:.5rem 1rem 1.5rem}
@media (max-width:420px){header h1{font-size:1.2rem}main{padding:.8rem}}
`;

/** A complete public page: the platform header, `body` in a narrow column, an optional script. */
export function publicPage(options: {
  locale: Locale;
  kicker: string;
  title: string;
  body: string;
  footer: string;
  extra_style?: string;
  script?: string;
  body_attributes?: string;
  /** The organization the page is for: its name and logo head the page, its colour paints it. */
  brand?: PageBrand | null;
}): string {
  return `<!doctype html>
<html lang="${options.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}${brandStyle(options.brand)}${options.extra_style ?? ''}</style>
</head>
<body ${options.body_attributes ?? ''}>
<header>${brandHeading(options.brand)}<div class="kicker">${escapeHtml(options.kicker)}</div><h1>${escapeHtml(options.title)}</h1></header>
<main>
${options.body}
</main>
<footer>${escapeHtml(options.footer)}</footer>
${options.script ? `<script>${options.script}</script>` : ''}
</body>
</html>`;
}

/** The brand colour's custom properties (the value is a checked `#rrggbb`). */
function brandStyle(brand: PageBrand | null | undefined): string {
  if (!brand?.color) return '';
  const palette = brandPalette(brand.color);
  return `:root{--brand:${palette.background};--on-brand:${palette.text};--header-bg:${palette.background};--header-ink:${palette.text};--accent:${palette.accent}}header .kicker{opacity:1}`;
}

/** The organization's logo and name above the page title. */
function brandHeading(brand: PageBrand | null | undefined): string {
  if (!brand) return '';
  const logo = brand.logo_url
    ? `<img id="merchant-logo" src="${escapeHtml(brand.logo_url)}" alt="">`
    : '';
  return `<div class="merchant">${logo}<span id="merchant-name">${escapeHtml(brand.name)}</span></div>`;
}
