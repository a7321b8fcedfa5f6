import type { TrackView } from '@platform/contracts';
import type { Locale } from '../../http';
import { escapeHtml, publicPage } from '../qscore/page-shell';
import { TRACK_PAGE_TEXT } from './track-page-text';

const TONE: Record<string, 'ok' | 'bad' | 'warn'> = {
  completed: 'ok',
  credited: 'ok',
  failed: 'bad',
  expired: 'bad',
};

const EXTRA_STYLE = `
.status{text-align:center;padding:1.4rem 1.15rem}
.status .pill{font-size:1rem;padding:.35rem .9rem}
.status p{margin:.8rem 0 0;color:var(--muted)}
ol.steps{list-style:none;margin:.3rem 0 0;padding:0}
ol.steps li{display:flex;justify-content:space-between;gap:1rem;padding:.55rem 0;border-top:1px solid var(--line)}
ol.steps li:first-child{border-top:0}
ol.steps span{color:var(--muted);font-size:.92rem}
ol.steps time{font-weight:600;text-align:right}
`;

/** A date and time in the reader's language, in UTC (the page knows no time zone of theirs). */
function when(instant: string, locale: Locale): string {
  const format = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(new Date(instant))} UTC`;
}

/** The public track page of a payout or payin: its status and its dates, nothing else. */
export function trackPage(view: TrackView, locale: Locale): string {
  const text = TRACK_PAGE_TEXT[locale];
  const steps: [string, string, string | null][] = [
    ['created', text.created, view.created_at],
    ['updated', text.updated, view.updated_at],
    ['finished', text.finished, view.finished_at],
    ['expires', text.expires, view.expires_at],
  ];
  const rows = steps
    .filter((step): step is [string, string, string] => step[2] !== null)
    .map(
      ([id, label, instant]) =>
        `<li id="${id}"><span>${escapeHtml(label)}</span><time datetime="${escapeHtml(instant)}">${escapeHtml(when(instant, locale))}</time></li>`,
    )
    .join('\n');
  const status = text.statuses[view.status] ?? view.status;
  const body = `<section class="card status" id="status" data-status="${escapeHtml(view.status)}">
<span class="pill ${TONE[view.status] ?? 'warn'}">${escapeHtml(status)}</span>
<p>${escapeHtml(text.explanations[view.status] ?? '')}</p>
</section>
<section class="card"><ol class="steps">
${rows}
</ol></section>
<p class="muted">${escapeHtml(text.privacy)}</p>`;
  return publicPage({
    locale,
    kicker: text.kicker,
    title: text.titles[view.kind],
    body,
    footer: text.footer,
    extra_style: EXTRA_STYLE,
  });
}
