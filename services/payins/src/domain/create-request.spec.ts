import { DomainError } from '@platform/contracts';
import { readPayinRequest } from './create-request';
import { sandboxOutcome } from './sandbox-outcome';

const now = new Date('2025-03-03T12:00:00Z');

function codeOf(body: Record<string, unknown>): string {
  try {
    readPayinRequest(body, now);
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('payin create requests (decisions D4)', () => {
  const qr = { method: 'qr', country: 'BO', currency: 'BOB', amount: '10.00' };

  it('reads a corridor payin with its idempotency key, none when empty', () => {
    const request = readPayinRequest({ ...qr, idempotency_key: 'key-1' }, now);
    expect(request).toMatchObject({ method: 'qr', country: 'BO', idempotency_key: 'key-1' });
    expect(readPayinRequest({ ...qr, idempotency_key: '' }, now).idempotency_key).toBeNull();
    expect(codeOf({ ...qr, idempotency_key: 'a\nb' })).toBe('invalid_idempotency_key');
    expect(codeOf({ ...qr, idempotency_key: 'payin-convert:1' })).toBe('reserved_idempotency_key');
  });

  it.each([
    [{ ...qr, country: undefined }, 'country_required'],
    [{ ...qr, currency: '' }, 'currency_required'],
    [{ ...qr, amount: '10.999' }, 'invalid_amount'],
    [{ ...qr, currency: 'USD' }, 'payin_corridor_unsupported'],
    [{ ...qr, method: 'sepa' }, 'payin_corridor_unsupported'],
    [{ ...qr, expires_in: 600 }, 'invalid_request'],
    [{ ...qr, settlement_hours: 24 }, 'invalid_request'],
    [{ ...qr, glosa: 'x'.repeat(141) }, 'invalid_request'],
  ])('answers %j with %s', (body, code) => {
    expect(codeOf(body)).toBe(code);
  });

  it('bounds card expiry to 5 minutes .. 48 hours ahead', () => {
    const card = { ...qr, method: 'card', country: 'US', currency: 'USD' };
    const customer = { name: 'Ana', email: 'ana@example.com' };
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(codeOf({ ...card, customer, expires_at: at(5 * 60_000) })).toBe('ok');
    expect(codeOf({ ...card, customer, expires_at: at(5 * 60_000 - 1000) })).toBe(
      'invalid_request',
    );
    expect(codeOf({ ...card, customer, expires_at: at(48 * 3_600_000) })).toBe('ok');
    expect(codeOf({ ...card, customer, expires_at: at(48 * 3_600_000 + 1000) })).toBe(
      'invalid_request',
    );
    expect(codeOf({ ...card, customer, settlement_hours: 48 })).toBe('ok');
    expect(codeOf({ ...card, customer, settlement_hours: 36 })).toBe('invalid_settlement_hours');
  });

  it('charges checkout links in settlement_asset and rejects currency', () => {
    const checkout = {
      method: 'checkout',
      amount: '1.5',
      settlement_asset: 'USDT',
      expires_in: 600,
    };
    expect(readPayinRequest(checkout, now)).toMatchObject({
      settlement_asset: 'USDT',
      expires_at: new Date(now.getTime() + 600_000),
    });
    expect(codeOf({ ...checkout, currency: 'USD' })).toBe('invalid_request');
    expect(codeOf({ ...checkout, expires_in: 604_801 })).toBe('invalid_request');
    expect(codeOf({ ...checkout, settlement_asset: 'MXN' })).toBe('invalid_settlement_asset');
  });
});

describe('sandbox magic amounts (decisions D6)', () => {
  it.each([
    ['qr', '10.99', 'fail'],
    ['qr', '10.77', 'never_paid'],
    ['card', '10.44', 'reject_at_create'],
    ['qr', '10.44', 'pay'],
    ['checkout', '1.99000000', 'fail'],
    ['fintoc', '1000', 'pay'],
  ] as const)('%s %s is %s', (method, amount, outcome) => {
    expect(sandboxOutcome(method, amount)).toBe(outcome);
  });
});
