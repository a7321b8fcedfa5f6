import { Money } from '@platform/money';
import { readCollectRequest } from './collect-request';
import { findCorridor } from './corridors';
import { readPayinRequest } from './create-request';
import type { Payin } from './payin';
import { newPayin, type PayinDraw, type PayinOrigin, type RailPlanner } from './payin-factory';
import { sandboxOutcome } from './sandbox-outcome';
import type { StoredCard } from './stored-card';

const now = new Date('2025-03-03T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const owner = { account_id: '00000000-0000-4000-8000-0000000000aa', org_id: 'demo' };
const base_url = 'https://pay.example.com';
const STEP_MS = 2000;

const draw: PayinDraw = {
  payin_id: '00000000-0000-4000-8000-000000000001',
  reference_code: 'ABCDEFGH23',
  token: 'tok',
  now,
};

/** The sandbox's plan (magic cents), and what it was asked about. */
function sandboxRail(step_ms: number | null = STEP_MS) {
  const asked: string[] = [];
  const rail: RailPlanner = {
    step_ms,
    plan: (method, amount_text) => {
      asked.push(`${method} ${amount_text}`);
      const outcome = sandboxOutcome(method, amount_text);
      return outcome === 'reject_at_create' ? 'pay' : outcome;
    },
  };
  return { rail, asked };
}

function corridor(body: Record<string, unknown>, stored_card: StoredCard | null = null) {
  const request = readPayinRequest(body, now);
  if (request.method === 'checkout') throw new Error('a corridor body');
  return {
    type: 'corridor',
    owner,
    request,
    stored_card,
    qr_expiry_ms: null,
    base_url,
  } as const;
}

function link(amount = '25.00'): Payin {
  const request = readPayinRequest(
    { method: 'checkout', amount, settlement_asset: 'USDT', expires_in: 3600 },
    now,
  );
  if (request.method !== 'checkout') throw new Error('a checkout body');
  return newPayin(
    { type: 'checkout_link', owner, request, base_url },
    { ...draw, payin_id: '00000000-0000-4000-8000-00000000000f', token: 'link' },
    sandboxRail().rail,
  );
}

const collectBody = {
  method: 'c2p',
  country: 'VE',
  currency: 'VES',
  amount: '100.00',
  otp: '123456',
  payer: { phone: '+584121234567', document: 'V-12345678', bank_code: '0102' },
};

const EMPTY_LIFECYCLE = {
  status: 'pending',
  credit_asset: null,
  fx_rate: null,
  credited_amount: null,
  fee: null,
  settlement_pending: false,
  settle_at: null,
  settled_at: null,
  credited_at: null,
  failure: null,
  match_reason: null,
  paid_attempt_id: null,
  refunded_amount: '0',
  created_at: now,
  updated_at: now,
};

describe('newPayin: every origin builds a pending payin with an empty lifecycle', () => {
  const origins: [string, PayinOrigin][] = [
    ['qr', corridor({ method: 'qr', country: 'BO', currency: 'BOB', amount: '10' })],
    ['collect', { type: 'collect', owner, request: readCollectRequest(collectBody) }],
    ['checkout transfer', { type: 'checkout_transfer', link: link(), payer_account_id: 'p' }],
  ];

  it.each(origins)('%s', (_name, origin) => {
    expect(newPayin(origin, draw, sandboxRail().rail)).toMatchObject(EMPTY_LIFECYCLE);
  });

  it('checkout link', () => {
    expect(link()).toMatchObject(EMPTY_LIFECYCLE);
  });
});

describe('newPayin: payins a client asks for', () => {
  it('builds a QR collection stepped by the rail, with its instructions and PI reference', () => {
    const payin = newPayin(
      corridor({ method: 'qr', country: 'BO', currency: 'BOB', amount: '10.5' }),
      draw,
      sandboxRail().rail,
    );
    expect(payin).toMatchObject({
      payin_id: draw.payin_id,
      ...owner,
      kind: 'payin',
      method: 'qr',
      local_amount: '10.50',
      reference: 'PIABCDEFGH23',
      token: null,
      outcome: 'pay',
      next_step_at: after(STEP_MS),
      expires_at: after(30 * 60_000),
      instructions: expect.objectContaining({ type: 'qr', amount: '10.50', currency: 'BOB' }),
    });
  });

  it('lets the QR expiry setting override the corridor default', () => {
    const origin = { ...corridor({ method: 'qr', country: 'BO', currency: 'BOB', amount: '1' }) };
    const payin = newPayin({ ...origin, qr_expiry_ms: 5_000 }, draw, sandboxRail().rail);
    expect(payin.expires_at).toEqual(after(5_000));
  });

  it('waits for the operators of a manually confirmed corridor, whatever the rail plans', () => {
    const payin = newPayin(
      corridor({ method: 'bank_transfer', country: 'EC', currency: 'USD', amount: '150' }),
      draw,
      sandboxRail().rail,
    );
    expect(payin).toMatchObject({ outcome: 'manual', next_step_at: null });
  });

  it('opens a hosted card page that starts the charge, and charges a stored card at once', () => {
    const body = {
      method: 'card',
      country: 'US',
      currency: 'USD',
      amount: '25',
      customer: { name: 'Ana', email: 'ana@example.com' },
      settlement_hours: 48,
      save_card: true,
    };
    const page = newPayin(corridor(body), draw, sandboxRail().rail);
    expect(page).toMatchObject({
      token: 'tok',
      payment_url: `${base_url}/pay/card/tok`,
      next_step_at: null,
      settlement_hours: 48,
      save_card: true,
      expires_at: after(24 * 60 * 60_000),
      instructions: { type: 'hosted_card_page', payment_url: `${base_url}/pay/card/tok` },
    });
    const stored: StoredCard = {
      instrument_id: 'card-1',
      account_id: owner.account_id,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2028,
      country: 'US',
      currency: 'USD',
      source_payin_id: page.payin_id,
      created_at: now,
      revoked_at: null,
    };
    const { customer: _customer, save_card: _save, settlement_hours: _hours, ...plain } = body;
    const charged = newPayin(
      corridor({ ...plain, instrument_id: stored.instrument_id }, stored),
      draw,
      sandboxRail().rail,
    );
    expect(charged).toMatchObject({
      token: null,
      payment_url: null,
      next_step_at: now,
      instrument_id: 'card-1',
      instrument: { type: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2028 },
      instructions: { type: 'stored_card', instrument_id: 'card-1', last4: '4242' },
    });
  });

  it('builds a checkout link charged in its settlement asset, never stepped', () => {
    expect(link()).toMatchObject({
      method: 'checkout',
      currency: 'USDT',
      settlement_asset: 'USDT',
      local_amount: '25.000000',
      country: null,
      token: 'link',
      checkout_url: `${base_url}/pay/link`,
      outcome: 'never_paid',
      next_step_at: null,
      expires_at: after(3_600_000),
    });
  });

  it('builds a pull collection with a PC reference; the payer key is not kept', () => {
    const payin = newPayin(
      { type: 'collect', owner, request: readCollectRequest(collectBody) },
      draw,
      sandboxRail().rail,
    );
    expect(payin).toMatchObject({
      method: 'c2p',
      reference: 'PCABCDEFGH23',
      next_step_at: after(STEP_MS),
      expires_at: after(10 * 60_000),
      instructions: {
        type: 'pull_collection',
        payer_phone: '+584121234567',
        payer_bank_code: '0102',
      },
    });
    expect(JSON.stringify(payin)).not.toContain('123456"');
  });

  it('builds a deposit as the deposit account owner’s payin, with the payer', () => {
    const payin = newPayin(
      {
        type: 'deposit',
        destination: {
          ...owner,
          deposit_account_id: 'da-1',
          country: 'MX',
          currency: 'MXN',
          account_number: '646180000000000001',
          bank_alias: null,
        },
        deposit: {
          amount: Money.parse('MXN', '100.00'),
          payer: { name: 'Luis' },
          paid_to: 'account_number',
        },
      },
      draw,
      sandboxRail().rail,
    );
    expect(payin).toMatchObject({
      method: 'deposit_account',
      reference: 'PDABCDEFGH23',
      deposit_account_id: 'da-1',
      payer: { name: 'Luis' },
      next_step_at: after(STEP_MS),
      expires_at: after(3 * 24 * 60 * 60_000),
      instructions: { type: 'deposit_account', paid_to: 'account_number' },
    });
  });
});

describe('newPayin: a payer on a checkout link', () => {
  it('prices a method attempt on the link, planned by the link amount', () => {
    const { rail, asked } = sandboxRail();
    const mx = findCorridor('bank_transfer', 'MX', 'MXN');
    if (!mx) throw new Error('MX bank transfers exist');
    const failing = link('25.99');
    const attempt = newPayin(
      {
        type: 'checkout_method',
        link: failing,
        corridor: mx,
        local_amount: Money.parse('MXN', '450.10'),
        base_url,
      },
      draw,
      rail,
    );
    expect(asked).toEqual(['checkout 25.990000']);
    expect(attempt).toMatchObject({
      ...owner,
      kind: 'checkout_attempt',
      checkout_payin_id: failing.payin_id,
      method: 'bank_transfer',
      currency: 'MXN',
      local_amount: '450.10',
      reference: `${failing.reference}-ABCDEF`,
      idempotency_key: null,
      outcome: 'fail',
      next_step_at: after(STEP_MS),
    });
  });

  it('keeps a card attempt unstepped until its page is submitted', () => {
    const us = findCorridor('card', 'US', 'USD');
    if (!us) throw new Error('US cards exist');
    const attempt = newPayin(
      {
        type: 'checkout_method',
        link: link(),
        corridor: us,
        local_amount: Money.parse('USD', '25.00'),
        base_url,
      },
      draw,
      sandboxRail().rail,
    );
    expect(attempt).toMatchObject({ token: 'tok', next_step_at: null });
  });

  it('records a transfer payment as the link’s own amount, paid by the payer account', () => {
    const paying = link();
    const attempt = newPayin(
      { type: 'checkout_transfer', link: paying, payer_account_id: 'payer' },
      draw,
      sandboxRail().rail,
    );
    expect(attempt).toMatchObject({
      kind: 'checkout_attempt',
      method: 'checkout',
      currency: 'USDT',
      local_amount: '25.000000',
      reference: `${paying.reference}-TRANSFER`,
      token: null,
      checkout_url: null,
      status: 'pending',
      outcome: 'pay',
      next_step_at: null,
      instructions: { type: 'internal_transfer', payer_account_id: 'payer' },
    });
  });

  it('prices a pull collection on a link by the link amount; no step without a rail', () => {
    const { rail } = sandboxRail(null);
    const paying = link('25.77');
    const attempt = newPayin(
      { type: 'checkout_collect', link: paying, request: readCollectRequest(collectBody) },
      draw,
      rail,
    );
    expect(attempt).toMatchObject({
      kind: 'checkout_attempt',
      checkout_payin_id: paying.payin_id,
      glosa: null,
      outcome: 'never_paid',
      next_step_at: null,
      reference: `${paying.reference}-ABCDEF`,
    });
  });
});
