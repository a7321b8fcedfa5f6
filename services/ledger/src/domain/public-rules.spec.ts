import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import {
  classifyRecipient,
  parseAlias,
  requireRange,
  requireSettlementAsset,
  totalUsdOf,
  usdValueOf,
} from './public-rules';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

describe('public ledger rules', () => {
  it('accepts only enabled convertible settlement assets', () => {
    expect(requireSettlementAsset('USDT', [])).toBe('USDT');
    expect(codeOf(() => requireSettlementAsset('BOB', []))).toBe('invalid_settlement_asset');
    expect(codeOf(() => requireSettlementAsset('XYZ', []))).toBe('invalid_settlement_asset');
    expect(codeOf(() => requireSettlementAsset('GOLD', ['GOLD']))).toBe(
      'settlement_asset_disabled',
    );
  });

  it('tells account ids, emails and aliases apart', () => {
    expect(classifyRecipient('4F7A1C2E-0000-4000-8000-00000000000A')).toEqual({
      kind: 'account_id',
      account_id: '4f7a1c2e-0000-4000-8000-00000000000a',
    });
    expect(classifyRecipient(' Ada@Example.com ')).toEqual({
      kind: 'email',
      email: 'ada@example.com',
    });
    expect(classifyRecipient('@ada.l')).toEqual({ kind: 'alias', alias: 'ada.l' });
    expect(classifyRecipient(' +14155550100 ')).toEqual({ kind: 'phone', phone: '+14155550100' });
    expect(codeOf(() => classifyRecipient('  '))).toBe('recipient_required');
    expect(codeOf(() => classifyRecipient(undefined))).toBe('recipient_required');
  });

  it('takes only E.164 text for a phone, the shape identity stores', () => {
    expect(classifyRecipient('+1234567')).toEqual({ kind: 'phone', phone: '+1234567' });
    expect(classifyRecipient('+123456789012345')).toEqual({
      kind: 'phone',
      phone: '+123456789012345',
    });
    // Too short, too long, a leading zero, separators: not a phone, so an alias that names nothing.
    for (const text of ['+12', '+123456', '+1234567890123456', '+04155550100', '+1 415 555 0100']) {
      expect(classifyRecipient(text)).toEqual({ kind: 'alias', alias: text });
    }
    // Without the `+` digits are an alias; with `@` first, an alias even when phone-shaped.
    expect(classifyRecipient('14155550100')).toEqual({ kind: 'alias', alias: '14155550100' });
    expect(classifyRecipient('@+14155550100')).toEqual({ kind: 'alias', alias: '+14155550100' });
  });

  it('validates aliases and date ranges', () => {
    expect(parseAlias('@ada_99')).toBe('ada_99');
    expect(codeOf(() => parseAlias('Ada'))).toBe('invalid_request');
    expect(codeOf(() => parseAlias('a@b.c'))).toBe('invalid_request');
    expect(codeOf(() => requireRange('2024-03-02', '2024-03-01', 400))).toBe('invalid_range');
    expect(codeOf(() => requireRange('2024-01-01', '2024-01-10', 5))).toBe('invalid_range');
  });

  it('values balances in USD at the table, local fiat divided by its per-USD rate', () => {
    const rates = { usd_per_unit: { USD: '1', BTC: '65000' }, per_usd: { MXN: '17.20' } };
    const total = totalUsdOf(
      [Money.parse('USD', '10.50'), Money.parse('BTC', '0.001'), Money.parse('MXN', '172.00')],
      rates,
    );
    expect(total.toString()).toBe('85.50');
  });

  it('values toward zero, a negative balance too, and an unpriced one at zero', () => {
    const rates = { usd_per_unit: { BTC: '65000' }, per_usd: { MXN: '17.20', ARS: '0' } };
    // -0.00000123 BTC = -0.07995 USD: toward zero, -0.07.
    expect(usdValueOf(Money.parseSigned('BTC', '-0.00000123'), rates).toString()).toBe('-0.07');
    // 10 MXN = 0.581395... USD.
    expect(usdValueOf(Money.parse('MXN', '10.00'), rates).toString()).toBe('0.58');
    expect(usdValueOf(Money.parse('GOLD', '3'), rates).toString()).toBe('0.00');
    expect(usdValueOf(Money.parse('ARS', '3'), rates).toString()).toBe('0.00');
    expect(usdValueOf(Money.parse('BOB', '6.96'), rates).toString()).toBe('6.96');
  });
});
