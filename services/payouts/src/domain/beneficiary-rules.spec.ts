import { DomainError } from '@platform/contracts';
import { normalizeCbu, normalizeCuit, normalizeIban, normalizePixKey } from './beneficiary-rules';

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('beneficiary rules', () => {
  it('takes an 11-digit CUIT with or without separators', () => {
    expect(normalizeCuit('20-12345678-9')).toBe('20123456789');
    expect(codeOf(() => normalizeCuit('2012345678'))).toBe('invalid_cuit');
    expect(codeOf(() => normalizeCuit('2012345678X'))).toBe('invalid_cuit');
  });

  it('takes a 22-digit CBU or CVU, and only a CBU for USD', () => {
    expect(normalizeCbu('0110599520000001234567', 'ARS')).toBe('0110599520000001234567');
    expect(normalizeCbu('0000003100000001234567', 'ARS')).toBe('0000003100000001234567');
    expect(codeOf(() => normalizeCbu('0000003100000001234567', 'USD'))).toBe('invalid_cbu');
    expect(codeOf(() => normalizeCbu('011059952000000123456', 'ARS'))).toBe('invalid_cbu');
  });

  it('checks IBANs with mod-97', () => {
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normalizeIban('GB29NWBK60161331926819')).toBe('GB29NWBK60161331926819');
    expect(codeOf(() => normalizeIban('DE89370400440532013001'))).toBe('invalid_iban');
    expect(codeOf(() => normalizeIban('not an iban'))).toBe('invalid_iban');
  });

  it('recognizes the pix key kinds', () => {
    for (const key of ['ana@example.com', '+5511988887777', '12345678901', '12345678000199']) {
      expect(normalizePixKey(key)).toBe(key);
    }
    expect(normalizePixKey('123e4567-e89b-12d3-a456-426614174000')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
    expect(codeOf(() => normalizePixKey('not a key'))).toBe('invalid_request');
  });
});
