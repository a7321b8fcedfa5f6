import { methodWords, payinDescription, payoutDescription } from './movement-descriptions';

describe('movement descriptions', () => {
  it('words a payment method as a person reads it', () => {
    expect(methodWords('bank_transfer')).toBe('bank transfer');
    expect(methodWords('pix')).toBe('PIX');
    expect(methodWords('pix_key')).toBe('PIX key');
    expect(methodWords('debito_inmediato')).toBe('debito inmediato');
  });

  it('names the beneficiary and the method of a payout, like a bank statement', () => {
    expect(payoutDescription('Beatriz Souza', 'pix')).toBe('Payout to Beatriz Souza (PIX)');
    expect(payoutDescription('  Juan Perez ', 'bank_transfer')).toBe(
      'Payout to Juan Perez (bank transfer)',
    );
    expect(payoutDescription(undefined, 'spei')).toBe('Payout (SPEI)');
    expect(payoutDescription('x'.repeat(500), 'bank_transfer').length).toBeLessThanOrEqual(140);
  });

  it('names the method of a payin', () => {
    expect(payinDescription('bank_transfer')).toBe('Payin via bank transfer');
    expect(payinDescription('qr')).toBe('Payin via QR');
  });
});
