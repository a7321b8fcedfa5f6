import { DomainError } from '@platform/contracts';

/**
 * Checks of beneficiary account identifiers, one per kind of identifier a corridor uses.
 * Each throws the spec's error code (section 7) with a message that names the field.
 */

/** AR: a CUIT/CUIL is 11 digits (separators `-` and spaces are accepted and dropped). */
export function normalizeCuit(value: string): string {
  const digits = value.replace(/[-\s]/g, '');
  if (!/^\d{11}$/.test(digits)) {
    throw new DomainError('invalid_cuit', 'beneficiary.tax_id must be an 11-digit CUIT');
  }
  return digits;
}

/**
 * AR: a CBU (bank account) or CVU (virtual account) is 22 digits; a CVU starts with `000`.
 * USD payouts go to bank accounts only, so a CVU is refused for USD.
 */
export function normalizeCbu(value: string, currency: string): string {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{22}$/.test(digits)) {
    throw new DomainError(
      'invalid_cbu',
      'beneficiary.account_number must be a 22-digit CBU or CVU',
    );
  }
  if (currency === 'USD' && digits.startsWith('000')) {
    throw new DomainError('invalid_cbu', 'USD payouts need a CBU; a CVU is not accepted');
  }
  return digits;
}

/** EU: an IBAN with a valid ISO 13616 mod-97 check. */
export function normalizeIban(value: string): string {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || ibanRemainder(iban) !== 1) {
    throw new DomainError('invalid_iban', 'beneficiary.account_number must be a valid IBAN');
  }
  return iban;
}

function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** A run of digits of an allowed length (CLABE, CCI, account numbers). */
export function normalizeDigits(
  value: string,
  field: string,
  lengths: { min: number; max: number },
): string {
  const digits = value.replace(/[-\s]/g, '');
  const pattern = new RegExp(`^\\d{${lengths.min},${lengths.max}}$`);
  if (!pattern.test(digits)) {
    const size =
      lengths.min === lengths.max ? `${lengths.min}` : `${lengths.min} to ${lengths.max}`;
    throw new DomainError('invalid_request', `${field} must be ${size} digits`);
  }
  return digits;
}

/** A phone number in international form, `+` and 8 to 15 digits. */
export function normalizePhone(value: string, field: string): string {
  const phone = value.replace(/[\s()-]/g, '');
  if (!/^\+?\d{8,15}$/.test(phone)) {
    throw new DomainError('invalid_phone', `${field} must be a phone number`);
  }
  return phone.startsWith('+') ? phone : `+${phone}`;
}

/**
 * BR: a pix key: an email, a phone (+55...), a CPF (11 digits), a CNPJ (14 digits) or a random
 * key (UUID).
 */
export function normalizePixKey(value: string): string {
  const key = value.trim();
  const valid =
    /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(key) ||
    /^\+55\d{10,11}$/.test(key) ||
    /^\d{11}$/.test(key) ||
    /^\d{14}$/.test(key) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  if (!valid) {
    throw new DomainError(
      'invalid_request',
      'beneficiary.account_number must be a pix key (email, +55 phone, CPF, CNPJ or random key)',
    );
  }
  return key;
}
