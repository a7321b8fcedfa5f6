import { Money, type Asset } from '@platform/money';
import { settleAt } from './business-days';
import { readPayinRequest } from './create-request';
import { findCorridor } from './corridors';
import type { CollectionOutcome, Payin } from './payin';
import { decide } from './payin-decide';
import { PayinTransitionRefused, type CreditTerms, type PayinCommand } from './payin-events';
import { newPayin, type PayinDraw, type RailPlanner } from './payin-factory';
import { evolve, transition, type PublishedPayinEvent } from './payin-state';

const created_at = new Date('2025-03-03T12:00:00Z');
const later = (minutes: number) => new Date(created_at.getTime() + minutes * 60_000);
const owner = { account_id: '00000000-0000-4000-8000-0000000000aa', org_id: 'demo' };
const base_url = 'https://pay.example.com';

let drawn = 0;
function draw(now = created_at): PayinDraw {
  drawn += 1;
  return {
    payin_id: `00000000-0000-4000-8000-${String(drawn).padStart(12, '0')}`,
    reference_code: `REF${String(drawn).padStart(7, '0')}`,
    token: `token-${drawn}`,
    now,
  };
}

function rail(outcome: CollectionOutcome = 'pay'): RailPlanner {
  return { step_ms: 1000, plan: () => outcome };
}

function corridorPayin(body: Record<string, unknown>, outcome?: CollectionOutcome): Payin {
  const request = readPayinRequest(body, created_at);
  if (request.method === 'checkout') throw new Error('a corridor body');
  return newPayin(
    { type: 'corridor', owner, request, stored_card: null, qr_expiry_ms: null, base_url },
    draw(),
    rail(outcome),
  );
}

const qr = () => corridorPayin({ method: 'qr', country: 'BO', currency: 'BOB', amount: '69.60' });
const customer = { name: 'Ana', email: 'ana@example.com' };
const card = (extra: Record<string, unknown> = {}) =>
  corridorPayin({
    method: 'card',
    country: 'US',
    currency: 'USD',
    amount: '25.00',
    customer,
    ...extra,
  });

function checkoutLink(amount = '25.00'): Payin {
  const request = readPayinRequest(
    { method: 'checkout', amount, settlement_asset: 'USDT', expires_in: 3600 },
    created_at,
  );
  if (request.method !== 'checkout') throw new Error('a checkout body');
  return newPayin({ type: 'checkout_link', owner, request, base_url }, draw(), rail());
}

function methodAttempt(link: Payin): Payin {
  const corridor = findCorridor('bank_transfer', 'MX', 'MXN');
  if (!corridor) throw new Error('MX bank transfers exist');
  const local_amount = Money.parse('MXN', '430.00');
  return newPayin(
    { type: 'checkout_method', link, corridor, local_amount, base_url },
    draw(),
    rail(),
  );
}

function credit(asset: Asset, amount: string): CreditTerms {
  return {
    credit_asset: asset,
    credited: Money.parse(asset, amount),
    fee: Money.zero(asset),
    fx_rate: '6.96',
  };
}

/** Runs commands in order as the application does: decide, then apply what was decided. */
function run(payin: Payin, commands: PayinCommand[]): Payin {
  return commands.reduce((current, command) => transition(current, command).payin, payin);
}

function publishedBy(payin: Payin, command: PayinCommand): PublishedPayinEvent['type'][] {
  return transition(payin, command).published.map((event) => event.type);
}

/** The typed refusal a command meets: its code, and the state and command it names. */
function refusalOf(payin: Payin, command: PayinCommand) {
  try {
    decide(payin, command);
  } catch (error) {
    if (!(error instanceof PayinTransitionRefused)) throw error;
    return { code: error.code, status: error.status, command: error.command };
  }
  throw new Error(`${command.type} was not refused`);
}

const receive = (at = later(1), terms = credit('USD', '10.00')): PayinCommand => ({
  type: 'receive_payment',
  at,
  credit: terms,
});

describe('payin lifecycle: pending to credited (spec §3)', () => {
  it('credits a paid collection with its terms and publishes payin_credited', () => {
    const pending = qr();
    const { events, payin, published } = transition(pending, receive());
    expect(events.map((event) => event.type)).toEqual(['payment_received']);
    expect(payin).toMatchObject({
      status: 'credited',
      next_step_at: null,
      credit_asset: 'USD',
      credited_amount: '10.00',
      fee: '0.00',
      fx_rate: '6.96',
      credited_at: later(1),
      settlement_pending: false,
    });
    expect(published).toEqual([
      {
        type: 'payins.payin_credited',
        data: {
          payin_id: pending.payin_id,
          account_id: owner.account_id,
          country: 'BO',
          currency: 'BOB',
          local_amount: '69.60',
          fx_rate: '6.96',
          usdt_credited: '10.00',
          fee: '0.00',
          // A collection has no payer the bank reported: risk-scoring counts nothing for it.
          payer_tax_id: null,
        },
      },
    ]);
  });

  it('refuses a second report, a failure or an expiry once credited', () => {
    const credited = run(qr(), [receive()]);
    for (const command of [
      receive(),
      { type: 'fail_collection', failure: { origin: 'provider', code: 'x', message: 'x' } },
      { type: 'expire', at: later(60) },
      { type: 'stop_stepping' },
    ] as PayinCommand[])
      expect(refusalOf(credited, command)).toEqual({
        code: 'confirm_request_conflict',
        status: 'credited',
        command: command.type,
      });
  });

  it('fails a collection worth nothing in the credit asset, with amount_too_small', () => {
    const nothing = { ...credit('BTC', '1'), credited: Money.zero('BTC') };
    const { payin, published } = transition(qr(), receive(later(1), nothing));
    expect(payin.status).toBe('failed');
    expect(payin.failure?.code).toBe('amount_too_small');
    expect(payin.credited_amount).toBeNull();
    expect(published.map((event) => event.type)).toEqual(['payins.payin_expired']);
  });

  it('never receives a payment on a checkout link itself: its methods pay it', () => {
    expect(refusalOf(checkoutLink(), receive()).code).toBe('method_unavailable');
  });
});

describe('payin lifecycle: failure, expiry and the rail', () => {
  const failure = { origin: 'provider' as const, code: 'collection_declined', message: 'no' };

  it('fails a pending collection and publishes payin_expired with the failure', () => {
    const { payin, published } = transition(qr(), { type: 'fail_collection', failure });
    expect(payin).toMatchObject({ status: 'failed', failure, next_step_at: null });
    expect(published).toEqual([
      expect.objectContaining({
        type: 'payins.payin_expired',
        data: expect.objectContaining({ status: 'failed', failure }),
      }),
    ]);
    expect(refusalOf(payin, receive()).code).toBe('confirm_request_conflict');
  });

  it('expires a pending collection only once past expires_at', () => {
    const pending = qr();
    expect(refusalOf(pending, { type: 'expire', at: later(29) }).code).toBe(
      'confirm_request_conflict',
    );
    const expired = run(pending, [{ type: 'expire', at: later(30) }]);
    expect(expired).toMatchObject({ status: 'expired', next_step_at: null, credited_at: null });
    expect(refusalOf(expired, receive()).status).toBe('expired');
  });

  it('stops stepping a collection the rail never reports, once', () => {
    const silent = corridorPayin(
      { method: 'qr', country: 'BO', currency: 'BOB', amount: '10.77' },
      'never_paid',
    );
    expect(silent.next_step_at).toBeNull();
    expect(decide(silent, { type: 'stop_stepping' })).toEqual([]);
    const stepped = qr();
    const stopped = run(stepped, [{ type: 'stop_stepping' }]);
    expect(stopped).toMatchObject({ status: 'pending', next_step_at: null });
    expect(decide(stopped, { type: 'stop_stepping' })).toEqual([]);
  });

  it('steps a submitted card page now, refuses an expired session, ignores a paid one', () => {
    const session = card();
    expect(session.next_step_at).toBeNull();
    const submitted = run(session, [{ type: 'submit_card_page', at: later(2) }]);
    expect(submitted.next_step_at).toEqual(later(2));
    expect(refusalOf(session, { type: 'submit_card_page', at: later(24 * 60) }).code).toBe(
      'checkout_expired',
    );
    const paid = run(submitted, [receive()]);
    expect(decide(paid, { type: 'submit_card_page', at: later(3) })).toEqual([]);
    expect(refusalOf(qr(), { type: 'submit_card_page', at: later(1) }).code).toBe(
      'method_unavailable',
    );
  });
});

describe('payin lifecycle: delayed card settlement', () => {
  it('schedules a card payment with settlement_hours, then settles it once', () => {
    const scheduled_card = card({ settlement_hours: 48 });
    const scheduled = transition(scheduled_card, receive());
    expect(scheduled.payin).toMatchObject({
      status: 'credited',
      settlement_pending: true,
      settle_at: settleAt(later(1), 48),
      credited_at: null,
    });
    expect(scheduled.published.map((event) => event.type)).toEqual([
      'payins.payin_settlement_scheduled',
    ]);
    expect(refusalOf(scheduled.payin, { type: 'refund', requested_amount: undefined })).toEqual({
      code: 'settlement_pending',
      status: 'credited',
      command: 'refund',
    });

    const release = { type: 'release_settlement', at: later(5) } as const;
    expect(publishedBy(scheduled.payin, release)).toEqual(['payins.payin_credited']);
    const settled = run(scheduled.payin, [release]);
    expect(settled).toMatchObject({
      settlement_pending: false,
      settled_at: later(5),
      credited_at: later(5),
    });
    // Releasing again (the worker after an admin) changes nothing.
    expect(decide(settled, release)).toEqual([]);
  });

  it('refuses to release a payin not paid yet with payin_not_credited', () => {
    expect(
      refusalOf(card({ settlement_hours: 24 }), { type: 'release_settlement', at: later(1) }),
    ).toEqual({ code: 'payin_not_credited', status: 'pending', command: 'release_settlement' });
  });

  it('names the card a paid payin saved, once', () => {
    const saving = run(card({ save_card: true }), [receive()]);
    const instrument = {
      type: 'card' as const,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2028,
    };
    const command = { type: 'record_saved_card', instrument_id: 'card-1', instrument } as const;
    const named = run(saving, [command]);
    expect(named).toMatchObject({ instrument_id: 'card-1', instrument });
    expect(decide(named, command)).toEqual([]);
    expect(decide(run(card(), [receive()]), command)).toEqual([]);
  });
});

describe('payin lifecycle: checkout links and their attempts', () => {
  it('pays a link once by its attempt, and keeps later payments unassigned', () => {
    const link = checkoutLink();
    const first = methodAttempt(link);
    const matched = transition(first, { type: 'match_to_link', link, at: later(1) });
    expect(matched.payin.status).toBe('credited');
    expect(matched.published).toEqual([]);

    const paid = transition(link, {
      type: 'pay_link',
      at: later(1),
      credit: credit('USDT', '25.00'),
      attempt: first,
    });
    expect(paid.payin).toMatchObject({ status: 'credited', paid_attempt_id: first.payin_id });
    expect(paid.published).toEqual([
      expect.objectContaining({
        type: 'payins.payin_credited',
        data: expect.objectContaining({ currency: 'MXN', local_amount: '430.00', country: 'MX' }),
      }),
    ]);

    const second = methodAttempt(link);
    expect(
      refusalOf(paid.payin, {
        type: 'pay_link',
        at: later(2),
        credit: credit('USDT', '25.00'),
        attempt: second,
      }).code,
    ).toBe('already_paid');
    const unassigned = run(second, [{ type: 'match_to_link', link: paid.payin, at: later(2) }]);
    expect(unassigned).toMatchObject({
      status: 'unassigned',
      match_reason: 'checkout_already_paid',
    });
  });

  it('answers checkout_expired past the link expiry; a late payment is unassigned', () => {
    const link = checkoutLink();
    const late = methodAttempt(link);
    expect(
      refusalOf(link, {
        type: 'pay_link',
        at: later(60),
        credit: credit('USDT', '25.00'),
        attempt: late,
      }).code,
    ).toBe('checkout_expired');
    const expired_link = run(link, [{ type: 'expire', at: later(60) }]);
    expect(run(late, [{ type: 'match_to_link', link: expired_link, at: later(60) }])).toMatchObject(
      { status: 'unassigned', match_reason: 'checkout_link_expired' },
    );
    // The link is the client's payin: its expiry is published, as any payin's.
    expect(publishedBy(link, { type: 'expire', at: later(60) })).toEqual(['payins.payin_expired']);
  });

  it('matches only a pending attempt, and only attempts', () => {
    const link = checkoutLink();
    const matched = run(methodAttempt(link), [{ type: 'match_to_link', link, at: later(1) }]);
    expect(refusalOf(matched, { type: 'match_to_link', link, at: later(1) }).code).toBe(
      'confirm_request_conflict',
    );
    expect(refusalOf(qr(), { type: 'match_to_link', link, at: later(1) }).code).toBe(
      'method_unavailable',
    );
  });
});

describe('payin lifecycle: refunds', () => {
  const refund = (requested_amount?: string): PayinCommand => ({
    type: 'refund',
    requested_amount,
  });
  const bank = () =>
    corridorPayin({ method: 'bank_transfer', country: 'US', currency: 'USD', amount: '10.00' });

  it('refunds part, then the rest, and never more than was credited', () => {
    const credited = run(bank(), [receive()]);
    const part = transition(credited, refund('4.00'));
    expect(part.payin.refunded_amount).toBe('4.00');
    expect(part.published).toEqual([
      {
        type: 'payins.payin_refunded',
        data: {
          payin_id: credited.payin_id,
          account_id: owner.account_id,
          debited_asset: 'USD',
          debited_amount: '4.00',
        },
      },
    ]);
    expect(refusalOf(part.payin, refund('6.01')).code).toBe('refund_exceeds_payin');
    const whole = run(part.payin, [refund()]);
    expect(whole.refunded_amount).toBe('10.00');
    expect(refusalOf(whole, refund()).code).toBe('payin_not_refundable');
  });

  it('refuses pending payins and methods with no payer account to return to', () => {
    expect(refusalOf(bank(), refund()).code).toBe('payin_not_refundable');
    expect(refusalOf(run(qr(), [receive()]), refund()).code).toBe('refund_not_supported');
  });

  it('reads stored amounts with zeros beyond the asset precision', () => {
    const credited = { ...run(bank(), [receive()]), credited_amount: '10.000000' };
    expect(run(credited, [refund()]).refunded_amount).toBe('10.00');
  });
});

describe('evolve', () => {
  it('applies events as transition does', () => {
    const pending = qr();
    const { events, payin } = transition(pending, receive());
    expect(events.reduce(evolve, pending)).toEqual(payin);
  });
});
