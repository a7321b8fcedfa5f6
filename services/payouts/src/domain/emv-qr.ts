import { DomainError } from '@platform/contracts';

/**
 * The sandbox QR format: an EMV merchant-presented payload (the BR Code of pix). Fields are
 * TLV: a 2-digit tag, a 2-digit length, the value. Read here:
 *   00 payload format `01`; 26 merchant account (sub-tags 00 `br.gov.bcb.pix`, 01 pix key);
 *   53 currency `986` (BRL); 54 amount (optional, e.g. `10.50`); 58 country `BR`;
 *   59 beneficiary name; 60 city; 62 additional data (sub-tag 05 reference);
 *   63 CRC16-CCITT (poly 0x1021, init 0xFFFF) over everything up to and including `6304`.
 */
export interface DecodedQr {
  country: 'BR';
  currency: 'BRL';
  method: 'pix';
  pix_key: string;
  beneficiary_name: string;
  city: string | null;
  /** The fixed amount of the QR, or null when the payer chooses it. */
  amount: string | null;
  reference: string | null;
}

const PIX_GUI = 'br.gov.bcb.pix';

export function decodePixQr(payload: string): DecodedQr {
  const text = payload.trim();
  const fields = parseTlv(text);
  const crc = fields.get('63');
  if (!crc || !text.endsWith(crc) || crc16(text.slice(0, -4)) !== crc.toUpperCase()) {
    throw invalid('the QR checksum does not match');
  }
  if (fields.get('00') !== '01') throw invalid('unknown QR payload format');
  const account = parseTlv(fields.get('26') ?? '');
  if (account.get('00')?.toLowerCase() !== PIX_GUI || !account.get('01')) {
    throw invalid('the QR does not carry a pix key');
  }
  if (fields.get('53') !== '986' || fields.get('58') !== 'BR') {
    throw invalid('only BR/BRL pix QR codes are supported');
  }
  const name = fields.get('59');
  if (!name) throw invalid('the QR does not name its beneficiary');
  const amount = fields.get('54') ?? null;
  if (amount !== null && !/^\d+(\.\d{1,2})?$/.test(amount))
    throw invalid('the QR amount is malformed');
  const additional = parseTlv(fields.get('62') ?? '');
  return {
    country: 'BR',
    currency: 'BRL',
    method: 'pix',
    pix_key: account.get('01') as string,
    beneficiary_name: name,
    city: fields.get('60') ?? null,
    amount,
    reference: additional.get('05') ?? null,
  };
}

/** Builds a payload in the same format (tests, docs and the sandbox tools use it). */
export function encodePixQr(input: {
  pix_key: string;
  beneficiary_name: string;
  city: string;
  amount?: string;
  reference?: string;
}): string {
  const tlv = (tag: string, value: string) =>
    `${tag}${String(value.length).padStart(2, '0')}${value}`;
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', PIX_GUI) + tlv('01', input.pix_key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amount ? tlv('54', input.amount) : '') +
    tlv('58', 'BR') +
    tlv('59', input.beneficiary_name) +
    tlv('60', input.city) +
    tlv('62', tlv('05', input.reference ?? '***')) +
    '6304';
  return body + crc16(body);
}

function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(length))
      throw invalid('the QR payload is malformed');
    const value = text.slice(at + 4, at + 4 + Number(length));
    if (value.length !== Number(length)) throw invalid('the QR payload is truncated');
    fields.set(tag, value);
    at += 4 + Number(length);
  }
  return fields;
}

/** CRC16-CCITT-FALSE as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function invalid(message: string): DomainError {
  return new DomainError('invalid_qr_payload', message);
}
