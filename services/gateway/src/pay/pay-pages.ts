import type { CardSession, CheckoutState } from '@platform/contracts';
import type { Locale } from '../http';

/** Text of the hosted pages; amounts and codes are shown as the API gives them. */
const TEXT = {
  en: {
    checkout_title: 'Payment',
    card_title: 'Card payment',
    amount: 'Amount',
    status: 'Status',
    expires: 'Expires',
    open: 'Waiting for payment',
    paid: 'Paid',
    expired: 'Expired',
    choose: 'Choose how to pay',
    pay: 'Pay',
    pending: 'Waiting for payment',
    credited: 'Paid',
    failed: 'Failed',
    processing: 'Processing…',
    instructions: 'Payment instructions',
    paid_banner: 'Paid. Thank you!',
    method_bank_transfer: 'Bank transfer',
    method_qr: 'QR code',
    method_fintoc: 'Online bank payment',
    method_card: 'Card',
  },
  es: {
    checkout_title: 'Pago',
    card_title: 'Pago con tarjeta',
    amount: 'Monto',
    status: 'Estado',
    expires: 'Vence',
    open: 'Esperando el pago',
    paid: 'Pagado',
    expired: 'Vencido',
    choose: 'Elija cómo pagar',
    pay: 'Pagar',
    pending: 'Esperando el pago',
    credited: 'Pagado',
    failed: 'Fallido',
    processing: 'Procesando…',
    instructions: 'Instrucciones de pago',
    paid_banner: 'Pagado. ¡Gracias!',
    method_bank_transfer: 'Transferencia bancaria',
    method_qr: 'Código QR',
    method_fintoc: 'Pago bancario en línea',
    method_card: 'Tarjeta',
  },
  zh: {
    checkout_title: '付款',
    card_title: '银行卡付款',
    amount: '金额',
    status: '状态',
    expires: '到期',
    open: '等待付款',
    paid: '已付款',
    expired: '已过期',
    choose: '选择付款方式',
    pay: '付款',
    pending: '等待付款',
    credited: '已付款',
    failed: '失败',
    processing: '处理中…',
    instructions: '付款说明',
    paid_banner: '已支付，谢谢！',
    method_bank_transfer: '银行转账',
    method_qr: '二维码',
    method_fintoc: '网上银行付款',
    method_card: '银行卡',
  },
} as const satisfies Record<Locale, Record<string, string>>;

type Text = (typeof TEXT)[Locale];

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

function layout(locale: Locale, title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button{display:block;width:100%;margin:.4rem 0;padding:.7rem;font-size:1rem;cursor:pointer}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}
pre{background:#f4f4f4;padding:.7rem;white-space:pre-wrap}
.banner{background:#e6f4ea;border:1px solid #34a853;padding:.8rem;font-weight:600}
</style>
</head>
<body>
${body}
<script>${script}</script>
</body>
</html>`;
}

/** What the page shows of `payins.get_checkout_state`. */
export type CheckoutPageState = Pick<
  CheckoutState,
  'status' | 'amount' | 'settlement_asset' | 'expires_at'
>;

/**
 * The hosted checkout page: the link's amount and state, the methods of the quote as buttons;
 * a choice creates the collection and shows its instructions; the page follows the state.
 */
export function checkoutPage(token: string, state: CheckoutPageState, locale: Locale): string {
  const text: Text = TEXT[locale];
  const base = `/pay/${encodeURIComponent(token)}`;
  const body = `<h1>${escapeHtml(text.checkout_title)}</h1>
<p id="paid-banner" class="banner" role="status" ${state.status === 'paid' ? '' : 'hidden'}>${escapeHtml(text.paid_banner)}</p>
<dl>
<dt>${escapeHtml(text.amount)}</dt><dd id="amount">${escapeHtml(state.amount)} ${escapeHtml(state.settlement_asset)}</dd>
<dt>${escapeHtml(text.status)}</dt><dd id="status" data-status="${escapeHtml(state.status)}">${escapeHtml(text[state.status])}</dd>
<dt>${escapeHtml(text.expires)}</dt><dd>${escapeHtml(state.expires_at)}</dd>
</dl>
<section id="methods" ${state.status === 'open' ? '' : 'hidden'}>
<h2>${escapeHtml(text.choose)}</h2>
<div id="options"></div>
</section>
<section id="instructions" hidden><h2>${escapeHtml(text.instructions)}</h2><pre id="instructions-body"></pre></section>`;
  const script = `
const BASE = ${scriptJson(base)};
const TEXT = ${scriptJson(text)};
const show = (status) => {
  const el = document.getElementById('status');
  el.dataset.status = status; el.textContent = TEXT[status] || status;
  if (status !== 'open') document.getElementById('methods').hidden = true;
  if (status === 'paid') { document.getElementById('paid-banner').hidden = false; document.getElementById('instructions').hidden = true; }
};
const showInstructions = (content) => {
  document.getElementById('instructions-body').textContent = content;
  document.getElementById('instructions').hidden = false;
};
const setButtons = (enabled) => {
  for (const button of document.querySelectorAll('#options button')) button.disabled = !enabled;
};
async function loadOptions() {
  const response = await fetch(BASE + '/quote');
  if (!response.ok) return;
  const quote = await response.json();
  const holder = document.getElementById('options');
  for (const option of [...quote.options, ...quote.cards.filter((card) => card.available)]) {
    const button = document.createElement('button');
    button.dataset.method = option.method;
    button.dataset.country = option.country;
    const method_name = TEXT['method_' + option.method] || option.method;
    button.textContent = TEXT.pay + ' ' + option.local_amount + ' ' + option.currency + ' · ' + method_name + ' (' + option.country + ')';
    button.onclick = () => pay(option);
    holder.appendChild(button);
  }
}
// The sandbox completes a chosen method by itself; the state poll then shows it paid.
async function pay(option) {
  setButtons(false);
  showInstructions(TEXT.processing);
  const query = '?country=' + encodeURIComponent(option.country) + '&currency=' + encodeURIComponent(option.currency);
  const response = await fetch(BASE + '/methods/' + encodeURIComponent(option.method) + query, { method: 'POST' });
  const answer = await response.json().catch(() => ({ message: TEXT.failed }));
  if (!response.ok) { showInstructions(answer.message || TEXT.failed); setButtons(true); return; }
  if (answer.payin.payment_url) { window.location.href = answer.payin.payment_url; return; }
  const lines = Object.entries(answer.payin.instructions || {}).map(([key, value]) => key + ': ' + (typeof value === 'object' ? JSON.stringify(value) : value));
  showInstructions(lines.join('\\n'));
}
async function follow() {
  const response = await fetch(BASE + '/state');
  if (response.ok) { const state = await response.json(); show(state.status); if (state.status !== 'open') return; }
  setTimeout(follow, 1000);
}
if (${scriptJson(state.status)} === 'open') { loadOptions(); follow(); }
`;
  return layout(locale, text.checkout_title, body, script);
}

/** What the page shows of `payins.get_card_session`. */
export type CardPageSession = Pick<
  CardSession,
  'status' | 'amount' | 'currency' | 'reference' | 'success_url'
>;

/** The hosted card page: submitting it charges the card (sandbox: at the next step). */
export function cardPage(token: string, session: CardPageSession, locale: Locale): string {
  const text: Text = TEXT[locale];
  const status_text = (text as Record<string, string>)[session.status] ?? session.status;
  const body = `<h1>${escapeHtml(text.card_title)}</h1>
<dl>
<dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(session.amount)} ${escapeHtml(session.currency)}</dd>
<dt>${escapeHtml(text.status)}</dt><dd id="status" data-status="${escapeHtml(session.status)}">${escapeHtml(status_text)}</dd>
</dl>
<button id="pay" ${session.status === 'pending' ? '' : 'hidden'}>${escapeHtml(text.pay)}</button>`;
  const script = `
const URL_ = ${scriptJson(`/pay/card/${encodeURIComponent(token)}`)};
const TEXT = ${scriptJson(text)};
const SUCCESS = ${scriptJson(session.success_url)};
document.getElementById('pay').onclick = async () => {
  document.getElementById('pay').hidden = true;
  document.getElementById('status').textContent = TEXT.processing;
  await fetch(URL_, { method: 'POST' });
  follow();
};
async function follow() {
  const response = await fetch(URL_ + '?format=json', { headers: { accept: 'application/json' } });
  if (response.ok) {
    const text = await response.text();
    const match = /data-status="([a-z_]+)"/.exec(text);
    const status = match ? match[1] : 'pending';
    if (status !== 'pending') {
      const el = document.getElementById('status'); el.dataset.status = status; el.textContent = TEXT[status] || status;
      if (status === 'credited' && SUCCESS) window.location.href = SUCCESS;
      return;
    }
  }
  setTimeout(follow, 1000);
}
`;
  return layout(locale, text.card_title, body, script);
}
