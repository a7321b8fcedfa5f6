import { createdPayin, payinView as payinViewSchema } from '@platform/contracts';
import { Money } from '@platform/money';
import { readPayinRequest } from '../domain/create-request';
import { newPayin } from '../domain/payin-factory';
import { transition } from '../domain/payin-state';
import { payinView } from './payin-view';

const now = new Date('2025-03-03T12:00:00Z');

function cardPayin() {
  const request = readPayinRequest(
    {
      method: 'card',
      country: 'US',
      currency: 'USD',
      amount: '25',
      customer: { name: 'Ana', email: 'ana@example.com' },
      settlement_hours: 24,
      idempotency_key: 'k-1',
    },
    now,
  );
  if (request.method === 'checkout') throw new Error('a card body');
  return newPayin(
    {
      type: 'corridor',
      owner: { account_id: '00000000-0000-4000-8000-0000000000aa', org_id: 'demo' },
      request,
      stored_card: null,
      qr_expiry_ms: null,
      base_url: 'https://pay.example.com',
    },
    { payin_id: '00000000-0000-4000-8000-000000000001', reference_code: 'ABC', token: 't', now },
    { step_ms: 1000, plan: () => 'pay' },
  );
}

/**
 * The catalog's reply schema names every field the view answers: a field it missed would be
 * dropped from replies wherever replies are validated (the test platforms), not elsewhere.
 */
describe('payinView and the catalog reply schema', () => {
  it('answers exactly the fields of the schema, pending and credited', () => {
    const pending = cardPayin();
    const credited = transition(pending, {
      type: 'receive_payment',
      at: now,
      credit: {
        credit_asset: 'USD',
        credited: Money.parse('USD', '25.00'),
        fee: Money.zero('USD'),
        fx_rate: '1',
      },
    }).payin;
    for (const payin of [pending, credited]) {
      const view = payinView(payin);
      expect(payinViewSchema.strict().parse(view)).toEqual(view);
      expect(createdPayin.strict().parse({ ...view, idempotency_hit: false })).toBeTruthy();
    }
    expect(payinView(credited)).toMatchObject({
      status: 'credited',
      settlement_pending: true,
      usdt_credited: '25.00',
      refund_status: 'none',
      receipt_url: '/v1/payins/00000000-0000-4000-8000-000000000001/receipt',
    });
  });
});
