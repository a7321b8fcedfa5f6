import type { OnboardingView } from '@platform/contracts';
import type { Locale } from '../http';
import { ONBOARDING_TEXT, type OnboardingText } from './onboarding-page-text';

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** Data for a script block: JSON that cannot close the script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const STYLE = `
:root{--ink:#14213d;--muted:#5c677d;--line:#e3e7ef;--brand:#2f5bea;--ok:#176f30;--bad:#b42318;--bg:#f5f7fb}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","PingFang SC","Microsoft YaHei",sans-serif;background:var(--bg);color:var(--ink);line-height:1.45}
header{background:var(--ink);color:#fff;padding:1rem 1.25rem}
header .org{font-size:.85rem;opacity:.8}
header h1{margin:.2rem 0 0;font-size:1.35rem}
header>*,header h1{max-width:34rem;margin-left:auto;margin-right:auto}
main{max-width:36rem;margin:0 auto;padding:1rem}
.intro{color:var(--muted);margin:.25rem 0 1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:1rem 1.1rem;margin:0 0 1rem;box-shadow:0 1px 2px rgba(20,33,61,.05)}
.card h2{display:flex;align-items:center;gap:.6rem;font-size:1.05rem;margin:0 0 .75rem}
.num{display:inline-grid;place-items:center;width:1.6rem;height:1.6rem;border-radius:50%;background:var(--line);font-size:.85rem;font-weight:700}
.card.done .num{background:var(--ok);color:#fff}
.card.done .num::after{content:"✓"}
.card.done .num span{display:none}
label{display:block;font-size:.85rem;color:var(--muted);margin:.6rem 0 .2rem}
input[type=text],input[type=date]{width:100%;padding:.65rem .7rem;border:1px solid #cfd6e4;border-radius:8px;font-size:1rem;background:#fff}
input[type=file]{width:100%;font-size:.9rem;margin:.2rem 0}
button{width:100%;margin-top:.8rem;padding:.75rem;border:0;border-radius:8px;background:var(--brand);color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:disabled{opacity:.55;cursor:default}
.hint{font-size:.8rem;color:var(--muted);margin:.3rem 0 0}
.note{font-size:.85rem;margin:.5rem 0 0;min-height:1.2em}
.note.ok{color:var(--ok)}
.note.bad{color:var(--bad)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 .8rem}
.banner{border-radius:12px;padding:1.1rem;background:#e6f4ea;border:1px solid #9fd5ad}
.banner.bad{background:#fdecea;border-color:#f1aeb5}
.banner h2{margin:0 0 .3rem;font-size:1.1rem}
footer{color:var(--muted);font-size:.8rem;text-align:center;padding:1rem}
@media (max-width:420px){.row{grid-template-columns:1fr}header h1{font-size:1.2rem}}
`;

/** A labelled input, one block: a `.row` lays two of them side by side, each label above its input. */
function field(id: string, label: string, type = 'text', extra = ''): string {
  return `<div class="field"><label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" type="${type}" ${extra}></div>`;
}

function identitySection(text: OnboardingText, view: OnboardingView): string {
  const fields =
    view.kind === 'kyc'
      ? `<div class="row">${field('first_name', text.first_name, 'text', 'autocomplete="given-name" required')}${field('last_name', text.last_name, 'text', 'autocomplete="family-name" required')}</div>
${field('doc_id', text.doc_id_kyc, 'text', 'required')}
<div class="row">${field('birth_date', text.birth_date, 'date', 'required')}${field('country', text.country, 'text', 'maxlength="2" autocomplete="country" required')}</div>`
      : `${field('legal_name', text.legal_name, 'text', 'autocomplete="organization" required')}
<div class="row">${field('doc_id', text.doc_id_kyb, 'text', 'required')}${field('country', text.country, 'text', 'maxlength="2" required')}</div>`;
  return `<section class="card${view.identity_entered ? ' done' : ''}" id="step-identity">
<h2><span class="num"><span>1</span></span>${escapeHtml(text.step_identity)}</h2>
<form id="identity-form">${fields}<button type="submit" id="save-identity">${escapeHtml(text.save)}</button></form>
<p class="note" id="identity-note" role="status"></p>
</section>`;
}

function documentsSection(text: OnboardingText, view: OnboardingView): string {
  const category = view.kind === 'kyc' ? 'identity_document' : 'company_registration';
  const label = view.kind === 'kyc' ? text.document_kyc : text.document_kyb;
  const done = view.documents.some((document) => document.category === category);
  return `<section class="card${done ? ' done' : ''}" id="step-documents">
<h2><span class="num"><span>2</span></span>${escapeHtml(text.step_documents)}</h2>
<label for="document-file">${escapeHtml(label)}</label>
<input id="document-file" type="file" accept="image/jpeg,image/png,application/pdf" data-category="${category}">
<label for="address-file">${escapeHtml(text.proof_of_address)}</label>
<input id="address-file" type="file" accept="image/jpeg,image/png,application/pdf" data-category="proof_of_address">
<p class="hint">${escapeHtml(text.file_hint)}</p>
<p class="note" id="documents-note" role="status">${done ? escapeHtml(text.uploaded) : ''}</p>
</section>`;
}

function livenessSection(text: OnboardingText, view: OnboardingView): string {
  if (!view.liveness_required) return '';
  return `<section class="card${view.liveness_completed ? ' done' : ''}" id="step-liveness">
<h2><span class="num"><span>3</span></span>${escapeHtml(text.step_liveness)}</h2>
<label class="hint" for="selfie-file">${escapeHtml(text.liveness_hint)}</label>
<input id="selfie-file" type="file" accept="image/jpeg,image/png" capture="user">
<button type="button" id="send-selfie" ${view.liveness_completed ? 'disabled' : ''}>${escapeHtml(text.take_selfie)}</button>
<p class="note" id="liveness-note" role="status">${view.liveness_completed ? escapeHtml(text.liveness_done) : ''}</p>
</section>`;
}

function reviewSection(text: OnboardingText, view: OnboardingView): string {
  const number = view.liveness_required ? 4 : 3;
  return `<section class="card" id="step-review">
<h2><span class="num"><span>${number}</span></span>${escapeHtml(text.step_review)}</h2>
<p class="hint">${escapeHtml(text.review_hint)}</p>
<button type="button" id="submit" ${view.missing.includes('review') ? '' : 'disabled'}>${escapeHtml(text.submit)}</button>
<p class="note" id="submit-note" role="status"></p>
</section>`;
}

function closedBanner(text: OnboardingText, view: OnboardingView): string {
  if (view.link_status === 'expired')
    return `<div class="banner bad" id="closed" data-state="expired"><h2>${escapeHtml(text.expired_title)}</h2><p>${escapeHtml(text.expired_body)}</p></div>`;
  return `<div class="banner" id="closed" data-state="completed"><h2>${escapeHtml(text.completed_title)}</h2><p>${escapeHtml(text.statuses[view.status] ?? view.status)}</p></div>`;
}

const SCRIPT = `
const $ = (id) => document.getElementById(id);
const note = (id, message, ok) => { const el = $(id); el.textContent = message; el.className = 'note ' + (ok ? 'ok' : 'bad'); };
async function call(method, path, body) {
  const response = await fetch(BASE + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.message || TEXT.error_generic);
  return answer;
}
function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] || '');
    reader.onerror = () => reject(new Error(TEXT.error_generic));
    reader.readAsDataURL(file);
  });
}
function refresh(view) {
  const missing = view.missing || [];
  $('step-identity').classList.toggle('done', view.identity_entered);
  $('step-documents').classList.toggle('done', !missing.includes('documents'));
  if ($('step-liveness')) $('step-liveness').classList.toggle('done', view.liveness_completed);
  $('submit').disabled = !missing.includes('review');
}
$('identity-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = {};
  for (const input of $('identity-form').querySelectorAll('input')) body[input.name] = input.value.trim();
  if (body.country) body.country = body.country.toUpperCase();
  try { refresh(await call('POST', '/identity', body)); note('identity-note', TEXT.saved, true); }
  catch (error) { note('identity-note', error.message, false); }
});
for (const id of ['document-file', 'address-file']) {
  $(id).addEventListener('change', async () => {
    const file = $(id).files[0];
    if (!file) return;
    try {
      await call('POST', '/documents', { category: $(id).dataset.category, filename: file.name, content_base64: await readFile(file) });
      note('documents-note', TEXT.uploaded + ': ' + file.name, true);
      refresh(await call('GET', '/state'));
    } catch (error) { note('documents-note', error.message, false); }
  });
}
if ($('send-selfie')) $('send-selfie').addEventListener('click', async () => {
  const file = $('selfie-file').files[0];
  if (!file) { $('selfie-file').click(); return; }
  $('send-selfie').disabled = true;
  try { refresh(await call('POST', '/liveness', { selfie_base64: await readFile(file) })); note('liveness-note', TEXT.liveness_done, true); }
  catch (error) { $('send-selfie').disabled = false; note('liveness-note', error.message, false); }
});
$('submit').addEventListener('click', async () => {
  $('submit').disabled = true;
  note('submit-note', TEXT.sending, true);
  try {
    await call('POST', '/submit');
    $('steps').hidden = true;
    $('submitted').hidden = false;
  } catch (error) { $('submit').disabled = false; note('submit-note', error.message, false); }
});
`;

/**
 * The hosted identity verification page (decisions D8): the steps of a person (details, identity
 * document, selfie) or a company (details, registration document), each saved as it is done, then
 * submitted. Server-rendered in the person's language; narrow screens stack the fields.
 */
export function onboardingPage(token: string, view: OnboardingView, locale: Locale): string {
  const text = ONBOARDING_TEXT[locale];
  const open = view.link_status === 'open';
  const steps = open
    ? `<div id="steps">${identitySection(text, view)}${documentsSection(text, view)}${livenessSection(text, view)}${reviewSection(text, view)}</div>
<div class="banner" id="submitted" hidden><h2>${escapeHtml(text.submitted_title)}</h2><p>${escapeHtml(text.submitted_body)}</p></div>`
    : closedBanner(text, view);
  const script = open
    ? `const BASE = ${scriptJson(`/verify/onboarding/${encodeURIComponent(token)}`)};\nconst TEXT = ${scriptJson(text)};\n${SCRIPT}`
    : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)}</title>
<style>${STYLE}</style>
</head>
<body data-kind="${view.kind}" data-link-status="${view.link_status}">
<header><div class="org">${escapeHtml(view.organization)}</div><h1>${escapeHtml(text.title)}</h1></header>
<main>
<p class="intro">${escapeHtml(view.kind === 'kyc' ? text.intro_kyc : text.intro_kyb)}</p>
${steps}
</main>
<footer>${escapeHtml(text.expires)}: <time id="expires">${escapeHtml(view.expires_at.slice(0, 16).replace('T', ' '))} UTC</time></footer>
<script>${script}</script>
</body>
</html>`;
}
