import { DomainError } from '@platform/contracts';
import { crc16, decodePixQr, encodePixQr } from './emv-qr';

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('pix QR payloads', () => {
  it('computes CRC16-CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('round-trips a payload with and without an amount', () => {
    const fixed = encodePixQr({
      pix_key: 'cafe@example.com',
      beneficiary_name: 'Cafe Bom',
      city: 'RIO',
      amount: '27.00',
      reference: 'PED1',
    });
    expect(decodePixQr(fixed)).toEqual({
      country: 'BR',
      currency: 'BRL',
      method: 'pix',
      pix_key: 'cafe@example.com',
      beneficiary_name: 'Cafe Bom',
      city: 'RIO',
      amount: '27.00',
      reference: 'PED1',
    });
    const open = encodePixQr({ pix_key: '+5511999999999', beneficiary_name: 'Ana', city: 'SP' });
    expect(decodePixQr(open).amount).toBeNull();
  });

  it('refuses a bad checksum, a truncated payload and other currencies', () => {
    const payload = encodePixQr({ pix_key: 'k@example.com', beneficiary_name: 'A', city: 'B' });
    const flipped = payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0');
    expect(codeOf(() => decodePixQr(flipped))).toBe('invalid_qr_payload');
    expect(codeOf(() => decodePixQr(payload.slice(0, 20)))).toBe('invalid_qr_payload');
    const usd = payload.replace('5303986', '5303840').slice(0, -4);
    expect(codeOf(() => decodePixQr(usd + crc16(usd)))).toBe('invalid_qr_payload');
  });
});
