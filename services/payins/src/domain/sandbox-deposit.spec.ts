import { DomainError } from '@platform/contracts';
import { readCollectOtpRequest } from './collect-request';
import { readSandboxDeposit } from './sandbox-deposit';

function codeOf(read: () => unknown): string {
  try {
    read();
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('sandbox deposits into deposit accounts', () => {
  it('reads the amount in the account currency, the payer and the address paid to', () => {
    const deposit = readSandboxDeposit(
      { amount: '1500.5', payer: { name: 'Lucía Pérez', bank: 'Banco Uno' }, to: 'bank_alias' },
      'ARS',
    );
    expect(deposit.amount.toString()).toBe('1500.50');
    expect(deposit.payer).toEqual({ name: 'Lucía Pérez', bank: 'Banco Uno' });
    expect(deposit.paid_to).toBe('bank_alias');
    expect(readSandboxDeposit({ amount: '1' }, 'USD')).toMatchObject({
      payer: null,
      paid_to: 'account_number',
    });
  });

  it.each([
    [{ amount: '0' }, 'invalid_amount'],
    [{ amount: '1.001' }, 'invalid_amount'],
    [{ amount: '1', to: 'iban' }, 'invalid_request'],
    [{ amount: '1', payer: 'Ada' }, 'invalid_request'],
    [{ amount: '1', payer: { name: '' } }, 'invalid_request'],
    [{ amount: '1', payer: { email: 'a@b.c' } }, 'invalid_json'],
  ])('refuses %j with %s', (body, code) => {
    expect(codeOf(() => readSandboxDeposit(body, 'USD'))).toBe(code);
  });
});

describe('collect OTP requests', () => {
  const payer = { phone: '+584141234567', document: 'V12345678', bank_code: '0102' };
  const body = { method: 'debito_inmediato', country: 'VE', currency: 'VES', payer };

  it('reads the payer of a corridor whose bank sends an SMS code', () => {
    expect(readCollectOtpRequest(body)).toMatchObject({
      corridor: { method: 'debito_inmediato', otp_route: true },
      payer,
    });
  });

  it.each([
    [{ ...body, method: 'c2p' }, 'invalid_request'],
    [{ ...body, otp: '123456' }, 'invalid_request'],
    [{ ...body, amount: 'ten' }, 'invalid_amount'],
    [{ ...body, payer: { ...payer, bank_code: 'x' } }, 'invalid_request'],
    [{ ...body, country: 'CO' }, 'payin_corridor_unsupported'],
  ])('refuses %j with %s', (request, code) => {
    expect(codeOf(() => readCollectOtpRequest(request))).toBe(code);
  });
});
