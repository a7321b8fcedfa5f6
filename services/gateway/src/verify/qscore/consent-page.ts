import type { RiskConsentPublicView } from '@platform/contracts';
import type { Locale } from '../../http';
import { CONSENT_PAGE_TEXT, type ConsentPageText } from './consent-page-text';
import { maskDocId } from './doc-id-mask';
import { escapeHtml, publicPage, scriptJson, utcMinute } from './page-shell';

/** The consent page's own look; the buttons open their card, so no gap above them. */
const EXTRA_STYLE = `
.who{display:flex;align-items:center;gap:.8rem;margin-bottom:.6rem}
.avatar{flex:none;display:grid;place-items:center;width:2.6rem;height:2.6rem;border-radius:50%;background:#e8edfb;color:var(--brand);font-weight:700;font-size:1.1rem}
.doc{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.06em}
#actions-card .actions{margin-top:0}
`;

/** The closed states: a banner instead of the buttons. */
function stateBanner(text: ConsentPageText, status: RiskConsentPublicView['status']): string {
  if (status === 'pending') return '';
  const [tone, title, body] =
    status === 'granted'
      ? ['ok', text.granted_title, text.granted_body]
      : status === 'expired'
        ? ['warn', text.expired_title, text.expired_body]
        : ['bad', text.revoked_title, text.revoked_body];
  return `<div class="banner ${tone}" id="state" data-status="${status}" role="status"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(body)}</p></div>`;
}

function details(text: ConsentPageText, view: RiskConsentPublicView): string {
  const rows: [string, string, string][] = [
    ['purpose', text.purpose, escapeHtml(text.purposes[view.purpose] ?? view.purpose)],
    [
      'subject',
      text.subject,
      escapeHtml(text.subject_types[view.subject_type] ?? view.subject_type),
    ],
    ['country', text.country, escapeHtml(view.country)],
    ['document', text.document, `<span class="doc">${escapeHtml(maskDocId(view.doc_id))}</span>`],
  ];
  if (view.status === 'pending' && view.expires_at)
    rows.push(['expires', text.valid_until, escapeHtml(utcMinute(view.expires_at))]);
  return `<dl>${rows.map(([key, label, value]) => `<dt>${escapeHtml(label)}</dt><dd id="${key}">${value}</dd>`).join('')}</dl>`;
}

const SCRIPT = `
const $ = (id) => document.getElementById(id);
async function decide(decision) {
  for (const button of document.querySelectorAll('#actions button')) button.disabled = true;
  $('decision-note').className = 'note';
  $('decision-note').textContent = TEXT.working;
  try {
    const response = await fetch(BASE + '/' + decision, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(answer.error === 'already_decided' ? TEXT.already_decided : TEXT.error_generic);
      error.code = answer.error;
      throw error;
    }
    $('state-slot').innerHTML = BANNERS[answer.status] || '';
    $('actions-card').remove();
    // A decided link has no validity left to show.
    const expires = $('expires');
    if (expires) { expires.previousElementSibling.remove(); expires.remove(); }
  } catch (error) {
    $('decision-note').className = 'note bad';
    $('decision-note').dataset.error = error.code || 'error';
    $('decision-note').textContent = error.message;
    if (error.code !== 'already_decided') for (const button of document.querySelectorAll('#actions button')) button.disabled = false;
  }
}
$('authorize').addEventListener('click', () => decide('authorize'));
$('decline').addEventListener('click', () => decide('decline'));
`;

/**
 * The public consent page of a credit report request (decisions D10): who asks, for what, about
 * which document (masked); a pending link offers authorize and decline, a decided or expired one
 * shows its state only. Server-rendered in the holder's language; one column on a phone.
 */
export function consentPage(token: string, view: RiskConsentPublicView, locale: Locale): string {
  const text = CONSENT_PAGE_TEXT[locale];
  const pending = view.status === 'pending';
  const requester = view.requester_name?.trim() || text.someone;
  const initial = requester.charAt(0).toUpperCase();
  const request = `<section class="card" id="request">
<div class="who"><span class="avatar" aria-hidden="true">${escapeHtml(initial)}</span>
<p class="lead"><strong id="requester">${escapeHtml(requester)}</strong> ${escapeHtml(text.asks)}</p></div>
${details(text, view)}
</section>`;
  const what = `<section class="card"><h2>${escapeHtml(text.what_title)}</h2><p class="muted">${escapeHtml(text.what_body)}</p></section>`;
  const actions = pending
    ? `<section class="card" id="actions-card"><div class="actions" id="actions">
<button type="button" class="primary" id="authorize">${escapeHtml(text.authorize)}</button>
<button type="button" class="secondary" id="decline">${escapeHtml(text.decline)}</button>
</div><p class="note" id="decision-note" role="status">${escapeHtml(text.note)}</p></section>`
    : '';
  const banners = {
    granted: stateBanner(text, 'granted'),
    revoked: stateBanner(text, 'revoked'),
    expired: stateBanner(text, 'expired'),
  };
  return publicPage({
    locale,
    kicker: text.kicker,
    title: text.title,
    body: `<div id="state-slot">${stateBanner(text, view.status)}</div>${request}${actions}${what}`,
    footer: text.secure,
    extra_style: EXTRA_STYLE,
    body_attributes: `data-status="${view.status}"`,
    script: pending
      ? `const BASE = ${scriptJson(`/consent/qscore/${encodeURIComponent(token)}`)};\nconst TEXT = ${scriptJson(text)};\nconst BANNERS = ${scriptJson(banners)};\n${SCRIPT}`
      : undefined,
  });
}
