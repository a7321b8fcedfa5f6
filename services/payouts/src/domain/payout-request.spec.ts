import { DomainError } from '@platform/contracts';
import { draftPayout, requestFingerprint, sandboxMagicOf } from './payout-request';

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

const pix = (overrides: Record<string, unknown> = {}) => ({
  country: 'BR',
  currency: 'BRL',
  method: 'pix',
  amount: '10.00',
  beneficiary: { name: 'Ana', account_number: 'ana@example.com' },
  ...overrides,
});

describe('payout requests', () => {
  it('fingerprints equivalent payloads alike and different ones apart', () => {
    const base = requestFingerprint('payout', pix({ amount: '50.0' }));
    expect(requestFingerprint('payout', pix({ amount: '050.00' }))).toBe(base);
    expect(requestFingerprint('payout', pix({ amount: '50.01' }))).not.toBe(base);
    expect(requestFingerprint('qr', pix({ amount: '50.0' }))).not.toBe(base);
  });

  it('keeps the fingerprints stored before the key travelled beside the request', () => {
    // Computed when the body's key was inside the request and left out of the fingerprint: a
    // replay of a payout stored then still matches its request.
    expect(
      requestFingerprint('payout', {
        country: 'BR',
        currency: 'BRL',
        method: 'pix',
        amount: '50.0',
        beneficiary: { name: 'Ana', account_number: 'ana@example.com' },
      }),
    ).toBe('fb9c67b6dde8b30a6211f12bb4c72d01e7b4ca4c3f2cf051a2efcb7b7b6db6ba');
    expect(
      requestFingerprint('qr', { qr_payload: 'x', amount: '54.00', settlement_asset: 'USDT' }),
    ).toBe('ba08b45362cbe9438bd019b6916b0ca1c870f43248fb33434fb68243745c6d4e');
  });

  it('checks the corridor, then the amount, then the beneficiary', () => {
    expect(codeOf(() => draftPayout(pix({ country: undefined })))).toBe('country_required');
    expect(codeOf(() => draftPayout(pix({ currency: undefined })))).toBe('currency_required');
    expect(codeOf(() => draftPayout(pix({ country: 'ZZ', amount: 'x' })))).toBe(
      'country_unavailable',
    );
    expect(codeOf(() => draftPayout(pix({ amount: '1.001' })))).toBe('invalid_amount');
    expect(codeOf(() => draftPayout(pix({ beneficiary: { name: 'Ana' } })))).toBe(
      'beneficiary_required',
    );
    const draft = draftPayout(pix({ amount: '10.5' }));
    expect(draft.local_amount.toString()).toBe('10.50');
    expect(draft.destination).toBe('BR:pix:ana@example.com');
    expect(draft.dispatch).toBe('rail');
  });

  it('sends EC/USD bank transfers to manual dispatch', () => {
    const draft = draftPayout({
      country: 'EC',
      currency: 'USD',
      method: 'bank_transfer',
      amount: '20.00',
      beneficiary: {
        name: 'Carla',
        tax_id: '0912345678',
        account_number: '2200123456',
        bank_code: '10',
      },
    });
    expect(draft.dispatch).toBe('manual');
  });

  it('knows the sandbox magic amounts', () => {
    expect(sandboxMagicOf('10.99')).toBe('rail_rejects');
    expect(sandboxMagicOf('10.77')).toBe('firewall_hold');
    expect(sandboxMagicOf('10.97')).toBe('none');
  });
});
