import type { CardSession, CheckoutQuote, CheckoutState } from '@platform/contracts';
import type { Locale } from '../http';
import type { PageBrand } from '../verify/qscore/page-brand';
import { escapeHtml, publicPage, scriptJson } from '../verify/qscore/page-shell';
import { countryName, formatInstant, formatMoney } from './page-format';
import { PAY_PAGE_TEXT, wordFor, type PayPageText } from './pay-page-text';

/** Who the page is for and how it reads: the organization's brand and timezone, the language. */
export interface PayPageContext {
  locale: Locale;
  brand: PageBrand | null;
  /** The organization's IANA zone: dates read in it, with its short name. */
  time_zone: string | null;
}

const EXTRA_STYLE = `
header>*,header h1{max-width:32rem;margin-left:auto;margin-right:auto}
button,input{font-family:inherit}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.amount{font-size:2rem;font-weight:800;margin:.2rem 0 .6rem;letter-spacing:-.01em;overflow-wrap:anywhere}
.lead{color:var(--muted)}
.options{display:grid;gap:.55rem}
button.option{display:grid;grid-template-columns:1fr auto;gap:.1rem 1rem;text-align:left;background:#fff;color:var(--ink);border:1px solid #cfd6e4;font-weight:400;padding:.8rem .95rem}
button.option:hover:not(:disabled){border-color:var(--accent);box-shadow:0 0 0 1px var(--accent)}
.option-name{font-weight:700}
.option-sub{grid-column:1;color:var(--muted);font-size:.9rem}
.option-amount{grid-column:2;grid-row:1 / span 2;align-self:center;font-weight:700;white-space:nowrap}
.group-title{font-size:.85rem;color:var(--muted);margin:.8rem 0 .1rem;font-weight:600}
.fields{display:grid;grid-template-columns:1fr;gap:0;margin:.4rem 0 0}
.field{padding:.55rem 0;border-bottom:1px solid var(--line)}
.field dd{display:flex;align-items:center;justify-content:space-between;gap:.8rem;text-align:left;margin-top:.15rem}
.field .value{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.98rem;overflow-wrap:anywhere;min-width:0}
.field .copy{flex:none;width:auto;padding:.45rem .8rem;font-size:.88rem;background:#fff;color:var(--ink);border:1px solid #cfd6e4}
.qr{display:grid;justify-items:center;gap:.4rem;margin:.6rem 0}
.qr img{width:220px;height:220px;max-width:100%;image-rendering:pixelated;background:#fff;border:1px solid var(--line);border-radius:10px;padding:6px}
form.card-form{display:grid;gap:.8rem}
form.card-form .note{margin:0;min-height:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.8rem}
label{display:grid;gap:.25rem;font-size:.9rem;font-weight:600}
input{font:inherit;font-size:1rem;padding:.7rem .75rem;border:1px solid #8a94a6;border-radius:8px;color:var(--ink);background:#fff;width:100%}
input[aria-invalid="true"]{border-color:var(--bad)}
.error{color:var(--bad);font-size:.85rem;font-weight:400;min-height:0}
.pill.ok{color:#116329}.pill.warn{color:#6b4a00}.pill.bad{color:#8f1d14}
.sandbox{background:#fff6e0;border-color:#f0d58c}
.sandbox h2{color:#6b4a00}
@media (max-width:420px){.amount{font-size:1.6rem}.row{grid-template-columns:1fr}}
`;

/** One labelled value of the instructions, with a copy button. */
function fieldRow(label: string, shown: string, raw: string, text: PayPageText): string {
  return `<div class="field"><dt>${escapeHtml(label)}</dt><dd><span class="value">${escapeHtml(shown)}</span><button type="button" class="copy" data-copy="${escapeHtml(raw)}"><span class="copy-word">${escapeHtml(text.copy)}</span><span class="sr-only">: ${escapeHtml(label)}</span></button></dd></div>`;
}

type QuotedOption = CheckoutQuote['options'][number] & { available?: boolean };

/** A method of the quote as a button: the method, the country, the amount in its currency. */
function optionButton(option: QuotedOption, context: PayPageContext, text: PayPageText): string {
  const amount = formatMoney(context.locale, option.local_amount, option.currency);
  const sub =
    option.available === false
      ? text.card_unavailable
      : `${countryName(context.locale, option.country)} (${option.country})`;
  return `<button type="button" class="option" data-method="${escapeHtml(option.method)}" data-country="${escapeHtml(option.country)}" data-currency="${escapeHtml(option.currency)}" data-amount="${escapeHtml(amount)}" ${option.available === false ? 'disabled data-unavailable' : ''}><span class="option-name">${escapeHtml(wordFor(text, `method_${option.method}`))}</span><span class="option-sub">${escapeHtml(sub)}</span><span class="option-amount">${escapeHtml(amount)}</span></button>`;
}

/** A method the page explains itself (no collection): its button, and its panel as a template. */
function localOption(method: 'account_app' | 'crypto', summary: string, text: PayPageText) {
  return `<button type="button" class="option" data-method="${method}"><span class="option-name">${escapeHtml(wordFor(text, `method_${method}`))}</span><span class="option-sub">${escapeHtml(summary)}</span></button>`;
}

/** The panels of pay-from-balance and crypto: dues, the payment code, how to pay. */
function localPanels(token: string, quote: CheckoutQuote, context: PayPageContext): string {
  const text = PAY_PAGE_TEXT[context.locale];
  const code = fieldRow(text.field_payment_code, token, token, text);
  const app = quote.account_app;
  const account_app = `<template id="panel-account_app"><dl class="fields">${fieldRow(text.field_amount, formatMoney(context.locale, app.amount, app.asset), app.amount, text)}${code}</dl><p class="note">${escapeHtml(text.account_app_note)}</p></template>`;
  const crypto_rows = quote.crypto
    .map((due) =>
      fieldRow(due.asset, formatMoney(context.locale, due.amount, due.asset), due.amount, text),
    )
    .join('');
  const crypto = `<template id="panel-crypto"><dl class="fields">${crypto_rows}${code}</dl><p class="note">${escapeHtml(text.crypto_note)}</p></template>`;
  return account_app + crypto;
}

/** The methods of the quote, grouped: local methods, cards, the account's balance, crypto. */
function methodsSection(token: string, quote: CheckoutQuote | null, context: PayPageContext) {
  const text = PAY_PAGE_TEXT[context.locale];
  if (!quote) return '';
  const buttons = [
    ...quote.options.map((option) => optionButton(option, context, text)),
    ...quote.cards.map((card) => optionButton(card, context, text)),
    localOption(
      'account_app',
      formatMoney(context.locale, quote.account_app.amount, quote.account_app.asset),
      text,
    ),
    localOption('crypto', quote.crypto.map((due) => due.asset).join(' · '), text),
  ];
  return `<section class="card" id="methods" aria-labelledby="methods-title"><h2 id="methods-title">${escapeHtml(text.choose)}</h2><div class="options" id="options">${buttons.join('')}</div><p class="note" id="methods-note" role="status"></p></section>
<section class="card" id="instructions" aria-labelledby="instructions-title" hidden><h2 id="instructions-title" tabindex="-1">${escapeHtml(text.instructions)}</h2><p class="option-name" id="instructions-method"></p><div id="instructions-qr"></div><div id="instructions-body"></div><p class="note">${escapeHtml(text.waiting_note)}</p><div class="actions"><button type="button" class="secondary" id="change-method">${escapeHtml(text.other_method)}</button></div></section>
${localPanels(token, quote, context)}`;
}

/** The order instruction fields show in; others follow. `type` and `currency` never show. */
const FIELD_ORDER = [
  'amount',
  'reference',
  'beneficiary_name',
  'clabe',
  'cbu',
  'routing_number',
  'account_number',
  'qr_payload',
];

const CHECKOUT_SCRIPT = `
const $ = (id) => document.getElementById(id);
const optionButtons = () => [...document.querySelectorAll('#options button')];
const setButtons = (enabled) => { for (const button of optionButtons()) button.disabled = !enabled || button.hasAttribute('data-unavailable'); };
const note = (message, bad) => { $('methods-note').textContent = message; $('methods-note').className = bad ? 'note bad' : 'note'; };
function field(label, shown, raw) {
  const row = document.createElement('div'); row.className = 'field';
  const dt = document.createElement('dt'); dt.textContent = label;
  const dd = document.createElement('dd');
  const value = document.createElement('span'); value.className = 'value'; value.textContent = shown;
  const copy = document.createElement('button'); copy.type = 'button'; copy.className = 'copy';
  copy.dataset.copy = raw;
  const word = document.createElement('span'); word.className = 'copy-word'; word.textContent = TEXT.copy;
  const hidden = document.createElement('span'); hidden.className = 'sr-only'; hidden.textContent = ': ' + label;
  copy.append(word, hidden);
  dd.append(value, copy); row.append(dt, dd); return row;
}
function showPanel(button, content, qr_payload) {
  const where = button.dataset.country ? ' · ' + button.querySelector('.option-sub').textContent : '';
  $('instructions-method').textContent = button.querySelector('.option-name').textContent + where;
  $('instructions-body').replaceChildren(content);
  $('instructions-qr').replaceChildren();
  if (qr_payload) {
    const holder = document.createElement('div'); holder.className = 'qr';
    const image = document.createElement('img');
    image.src = BASE + '/qr.svg?data=' + encodeURIComponent(qr_payload); image.alt = TEXT.qr_alt; image.id = 'qr-image';
    const caption = document.createElement('p'); caption.className = 'muted'; caption.textContent = TEXT.scan_qr;
    holder.append(image, caption); $('instructions-qr').append(holder);
  }
  $('methods').hidden = true; $('instructions').hidden = false; note('');
  $('instructions-title').focus();
}
function instructionFields(button, instructions) {
  const list = document.createElement('dl'); list.className = 'fields';
  const keys = Object.keys(instructions).filter((key) => key !== 'type' && key !== 'currency' && key !== 'payment_url');
  keys.sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99));
  for (const key of keys) {
    const raw = typeof instructions[key] === 'object' ? JSON.stringify(instructions[key]) : String(instructions[key]);
    list.append(field(TEXT['field_' + key] || key, key === 'amount' ? button.dataset.amount : raw, raw));
  }
  return list;
}
async function choose(button) {
  const method = button.dataset.method;
  const template = $('panel-' + method);
  if (template) { showPanel(button, template.content.cloneNode(true)); return; }
  setButtons(false); note(TEXT.processing);
  const query = '?country=' + encodeURIComponent(button.dataset.country) + '&currency=' + encodeURIComponent(button.dataset.currency);
  try {
    const response = await fetch(BASE + '/methods/' + encodeURIComponent(method) + query, { method: 'POST' });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error);
    if (answer.payin.payment_url) { window.location.href = answer.payin.payment_url; return; }
    const instructions = answer.payin.instructions || {};
    showPanel(button, instructionFields(button, instructions), instructions.qr_payload);
  } catch (error) {
    note(TEXT.error_generic, true);
  }
  setButtons(true);
}
for (const button of optionButtons()) button.addEventListener('click', () => choose(button));
$('change-method').addEventListener('click', () => { $('instructions').hidden = true; $('methods').hidden = false; setButtons(true); optionButtons()[0].focus(); });
async function copy(value) {
  if (navigator.clipboard) { try { await navigator.clipboard.writeText(value); return; } catch (error) {} }
  const area = document.createElement('textarea'); area.value = value; area.setAttribute('readonly', '');
  area.style.position = 'fixed'; area.style.opacity = '0'; document.body.append(area); area.select();
  document.execCommand('copy'); area.remove();
}
document.addEventListener('click', async (event) => {
  const button = event.target.closest && event.target.closest('button.copy');
  if (!button) return;
  await copy(button.dataset.copy);
  const word = button.querySelector('.copy-word');
  word.textContent = TEXT.copied;
  setTimeout(() => { word.textContent = TEXT.copy; }, 2000);
});
function show(status) {
  const el = $('status'); el.dataset.status = status; el.textContent = TEXT[status] || status;
  el.className = 'pill ' + (status === 'paid' ? 'ok' : status === 'expired' ? 'bad' : 'warn');
  if (status === 'open') return;
  $('methods').hidden = true; $('instructions').hidden = true;
  $(status === 'paid' ? 'paid-banner' : 'expired-banner').hidden = false;
}
async function follow() {
  try {
    const response = await fetch(BASE + '/state');
    if (response.ok) { const state = await response.json(); show(state.status); if (state.status !== 'open') return; }
  } catch (error) {}
  setTimeout(follow, 1000);
}
follow();
`;

/** The state as a pill: waiting, paid or expired. */
function statusPill(status: string, text: PayPageText, tones: Record<string, string>): string {
  return `<span id="status" class="pill ${tones[status] ?? 'warn'}" data-status="${escapeHtml(status)}">${escapeHtml(wordFor(text, status))}</span>`;
}

/** The amount, who asks for it, the state and the deadline. */
function summary(
  context: PayPageContext,
  amount: string,
  rows: readonly (readonly [string, string])[],
): string {
  const text = PAY_PAGE_TEXT[context.locale];
  const merchant = context.brand?.name || text.someone;
  return `<section class="card" id="summary" aria-label="${escapeHtml(text.amount)}"><p class="lead"><strong>${escapeHtml(merchant)}</strong> ${escapeHtml(text.asks)}</p><p class="amount" id="amount">${escapeHtml(amount)}</p><dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`).join('')}</dl></section>`;
}

/** What the page shows of `payins.get_checkout_state`. */
export type CheckoutPageState = Pick<
  CheckoutState,
  'status' | 'amount' | 'settlement_asset' | 'expires_at'
>;

/**
 * The hosted checkout page: the organization's brand, the link's amount and deadline in the
 * payer's language, every method of the quote (local methods, cards, the payer's balance,
 * crypto); a choice shows labelled instructions with copy buttons (a QR code as a picture), and
 * another method can be chosen after it. The page follows the link until it is paid.
 */
export function checkoutPage(
  token: string,
  state: CheckoutPageState,
  quote: CheckoutQuote | null,
  context: PayPageContext,
): string {
  const text = PAY_PAGE_TEXT[context.locale];
  const open = state.status === 'open';
  const banners = `<p id="paid-banner" class="banner ok" role="status" ${state.status === 'paid' ? '' : 'hidden'}>${escapeHtml(text.paid_banner)}</p><p id="expired-banner" class="banner warn" role="status" ${state.status === 'expired' ? '' : 'hidden'}>${escapeHtml(text.expired_banner)}</p>`;
  const rows = [
    [text.status, statusPill(state.status, text, { paid: 'ok', expired: 'bad' })],
    ...(open
      ? [
          [
            text.expires,
            escapeHtml(formatInstant(context.locale, state.expires_at, context.time_zone)),
          ] as const,
        ]
      : []),
  ] as const;
  const body =
    banners +
    summary(context, formatMoney(context.locale, state.amount, state.settlement_asset), rows) +
    (open ? methodsSection(token, quote, context) : '');
  return publicPage({
    locale: context.locale,
    kicker: text.kicker,
    title: text.checkout_title,
    body,
    footer: text.secure,
    extra_style: EXTRA_STYLE,
    brand: context.brand,
    body_attributes: `data-status="${escapeHtml(state.status)}"`,
    script:
      open && quote
        ? `const BASE = ${scriptJson(`/pay/${encodeURIComponent(token)}`)};\nconst TEXT = ${scriptJson(text)};\nconst ORDER = ${scriptJson(FIELD_ORDER)};\n${CHECKOUT_SCRIPT}`
        : undefined,
  });
}

/** What the page shows of `payins.get_card_session`. */
export type CardPageSession = Pick<
  CardSession,
  'status' | 'amount' | 'currency' | 'reference' | 'success_url'
>;

function cardInput(id: string, label: string, attributes: string, extra_class = ''): string {
  return `<label for="${id}" class="${extra_class}">${escapeHtml(label)}<input id="${id}" name="${id}" required ${attributes} aria-describedby="${id}-error"><span class="error" id="${id}-error" aria-live="polite"></span></label>`;
}

/** The card form (the sandbox charges nothing real; card data never leaves the page). */
function cardForm(text: PayPageText): string {
  return `<section class="card" id="card-section" aria-labelledby="card-form-title"><h2 id="card-form-title">${escapeHtml(text.card_form)}</h2><form class="card-form" id="card-form" novalidate>
${cardInput('card-name', text.card_name, 'autocomplete="cc-name"')}
${cardInput('card-number', text.card_number, 'autocomplete="cc-number" inputmode="numeric" maxlength="23"')}
<div class="row">${cardInput('card-expiry', text.card_expiry, 'autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/YY"')}${cardInput('card-cvc', text.card_cvc, 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"')}</div>
<button type="submit" class="primary" id="pay">${escapeHtml(text.pay)}</button>
<p class="note" id="card-note" role="status"></p>
</form></section>`;
}

function sandboxNote(text: PayPageText): string {
  return `<section class="banner sandbox" id="sandbox-note" aria-labelledby="sandbox-title"><h2 id="sandbox-title">${escapeHtml(text.sandbox_title)}</h2><p>${escapeHtml(text.sandbox_body)}</p></section>`;
}

const CARD_SCRIPT = `
const $ = (id) => document.getElementById(id);
const digits = (value) => value.replace(/\\D/g, '');
function luhn(number) {
  let sum = 0;
  [...number].reverse().forEach((char, index) => { let digit = Number(char); if (index % 2) { digit *= 2; if (digit > 9) digit -= 9; } sum += digit; });
  return number.length >= 12 && number.length <= 19 && sum % 10 === 0;
}
function expiryOk(value) {
  const match = /^(\\d{2})\\s*\\/\\s*(\\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]), year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const now = new Date();
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
const CHECKS = {
  'card-name': (value) => value.trim().length >= 2 || TEXT.card_invalid_name,
  'card-number': (value) => luhn(digits(value)) || TEXT.card_invalid_number,
  'card-expiry': (value) => expiryOk(value) || TEXT.card_invalid_expiry,
  'card-cvc': (value) => /^\\d{3,4}$/.test(value.trim()) || TEXT.card_invalid_cvc,
};
function valid() {
  let first = null;
  for (const [id, check] of Object.entries(CHECKS)) {
    const input = $(id); const verdict = check(input.value);
    const message = verdict === true ? '' : verdict;
    $(id + '-error').textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (message && !first) first = input;
  }
  if (first) first.focus();
  return !first;
}
$('card-number').addEventListener('input', (event) => { event.target.value = digits(event.target.value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 '); });
$('card-expiry').addEventListener('input', (event) => { const value = digits(event.target.value).slice(0, 4); event.target.value = value.length > 2 ? value.slice(0, 2) + '/' + value.slice(2) : value; });
function finish(status) {
  const el = $('status'); el.dataset.status = status; el.textContent = TEXT[status] || status;
  el.className = 'pill ' + (status === 'credited' ? 'ok' : 'bad');
  const section = $('card-section'); if (section) section.remove();
  const sandbox = $('sandbox-note'); if (sandbox) sandbox.remove();
  $(status === 'credited' ? 'paid-banner' : 'failed-banner').hidden = false;
  if (status === 'credited' && SUCCESS) window.location.href = SUCCESS;
}
async function follow() {
  try {
    const response = await fetch(URL_, { headers: { accept: 'text/html' } });
    if (response.ok) {
      const match = /id="status"[^>]*data-status="([a-z_]+)"/.exec(await response.text());
      const status = match ? match[1] : 'pending';
      if (status !== 'pending') { finish(status); return; }
    }
  } catch (error) {}
  setTimeout(follow, 1000);
}
$('card-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!valid()) return;
  for (const input of document.querySelectorAll('#card-form input')) input.disabled = true;
  $('pay').disabled = true; $('pay').textContent = TEXT.processing;
  const response = await fetch(URL_, { method: 'POST' }).catch(() => null);
  if (!response || !response.ok) {
    for (const input of document.querySelectorAll('#card-form input')) input.disabled = false;
    $('pay').disabled = false; $('pay').textContent = TEXT.pay;
    $('card-note').className = 'note bad'; $('card-note').textContent = TEXT.error_generic;
    return;
  }
  follow();
});
`;

/**
 * The hosted card page: the organization's brand, the amount in the payer's language, a card
 * form (in the sandbox with its test cards explained); once submitted the page follows the
 * payment and, paid, shows it paid with no form or Pay button left.
 */
export function cardPage(
  token: string,
  session: CardPageSession,
  context: PayPageContext & { sandbox: boolean },
): string {
  const text = PAY_PAGE_TEXT[context.locale];
  const pending = session.status === 'pending';
  const tones = { credited: 'ok', failed: 'bad', expired: 'bad' };
  const banners = `<p id="paid-banner" class="banner ok" role="status" ${session.status === 'credited' ? '' : 'hidden'}>${escapeHtml(text.paid_banner)}</p><p id="failed-banner" class="banner bad" role="status" ${session.status === 'failed' || session.status === 'expired' ? '' : 'hidden'}>${escapeHtml(text.failed_banner)}</p>`;
  const rows = [
    [text.status, statusPill(session.status, text, tones)],
    [text.reference, escapeHtml(session.reference)],
  ] as const;
  const body =
    banners +
    summary(context, formatMoney(context.locale, session.amount, session.currency), rows) +
    (pending ? (context.sandbox ? sandboxNote(text) : '') + cardForm(text) : '');
  return publicPage({
    locale: context.locale,
    kicker: text.kicker,
    title: text.card_title,
    body,
    footer: text.secure,
    extra_style: EXTRA_STYLE,
    brand: context.brand,
    body_attributes: `data-status="${escapeHtml(session.status)}"`,
    script: pending
      ? `const URL_ = ${scriptJson(`/pay/card/${encodeURIComponent(token)}`)};\nconst TEXT = ${scriptJson(text)};\nconst SUCCESS = ${scriptJson(session.success_url)};\n${CARD_SCRIPT}`
      : undefined,
  });
}
