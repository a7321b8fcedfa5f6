import fc from 'fast-check';
import { DomainError } from '@platform/contracts';
import { compactIban, ibanOf, IBAN_LENGTHS, isValidBic, isValidIban, requireIban } from './iban';

/** IBANs published as examples by the IBAN registry and national banks. */
const PUBLISHED = [
  'GB82 WEST 1234 5698 7654 32',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'LT12 1000 0111 0100 1000',
  'CH93 0076 2011 6238 5295 7',
  'IT60 X054 2811 1010 0000 0123 456',
  'ES91 2100 0418 4502 0005 1332',
  'NO93 8601 1117 947',
  'AT61 1904 3002 3457 3201',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
];

describe('IBAN (ISO 13616)', () => {
  it.each(PUBLISHED)('accepts the published %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
    expect(requireIban(iban)).toBe(compactIban(iban));
  });

  it('refuses a wrong length, an unknown country and malformed text with invalid_iban', () => {
    for (const text of [
      'DE89 3704 0044 0532 0130 0',
      'XX89 3704 0044 0532 0130 00',
      'DE8937040044053201300!',
      '',
      'DEAB370400440532013000',
    ]) {
      expect(isValidIban(text)).toBe(false);
      expect(() => requireIban(text)).toThrow(
        expect.objectContaining({ code: 'invalid_iban' }) as DomainError,
      );
    }
  });

  it('detects any single changed digit of a published IBAN', () => {
    const digitsOf = (iban: string) =>
      [...compactIban(iban)].flatMap((char, index) => (/\d/.test(char) ? [index] : []));
    fc.assert(
      fc.property(
        fc.constantFrom(...PUBLISHED),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (iban, pick, shift) => {
          const compact = compactIban(iban);
          const positions = digitsOf(iban);
          const at = positions[pick % positions.length]!;
          const changed = String((Number(compact[at]) + shift) % 10);
          const mutated = compact.slice(0, at) + changed + compact.slice(at + 1);
          expect(isValidIban(mutated)).toBe(false);
        },
      ),
    );
  });

  it('detects two swapped neighbouring characters of a published IBAN', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PUBLISHED), fc.nat(), (iban, pick) => {
        const compact = compactIban(iban);
        const at = 4 + (pick % (compact.length - 5));
        fc.pre(compact[at] !== compact[at + 1]);
        const swapped =
          compact.slice(0, at) + compact[at + 1] + compact[at] + compact.slice(at + 2);
        expect(isValidIban(swapped)).toBe(false);
      }),
    );
  });

  it('computes check digits that validate any BBAN of the right length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18}$/), (bban) => {
        const iban = ibanOf('DE', bban);
        expect(iban).toHaveLength(IBAN_LENGTHS.DE!);
        expect(isValidIban(iban)).toBe(true);
      }),
    );
    expect(ibanOf('DE', '370400440532013000')).toBe('DE89370400440532013000');
  });

  it('checks the BIC shape', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('DEUT1EFF')).toBe(false);
    expect(isValidBic('DEUTDEFF50')).toBe(false);
  });
});
