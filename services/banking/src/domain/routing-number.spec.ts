import fc from 'fast-check';
import {
  isValidRoutingNumber,
  isValidUsAccountNumber,
  requireUsCoordinates,
  routingNumberOf,
} from './routing-number';
import { issueCoordinates, VIRTUAL_IBAN_BIC } from './bank-account';
import { isValidBic, isValidIban } from './iban';

/** Routing numbers published by the Federal Reserve's directory. */
const PUBLISHED = ['021000021', '011000015', '026009593', '121000358', '071000013'];

describe('ABA routing numbers', () => {
  it.each(PUBLISHED)('accepts the published %s', (routing) => {
    expect(isValidRoutingNumber(routing)).toBe(true);
  });

  it('detects any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PUBLISHED),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (routing, at, shift) => {
          const changed = String((Number(routing[at]) + shift) % 10);
          expect(isValidRoutingNumber(routing.slice(0, at) + changed + routing.slice(at + 1))).toBe(
            false,
          );
        },
      ),
    );
  });

  it('completes any 8 digits with the check digit that validates them', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (first_eight) => {
        expect(isValidRoutingNumber(routingNumberOf(first_eight))).toBe(true);
      }),
    );
  });

  it('takes US account numbers of 4 to 17 digits, and names the field at fault', () => {
    expect(isValidUsAccountNumber('1234')).toBe(true);
    expect(isValidUsAccountNumber('12345678901234567')).toBe(true);
    expect(isValidUsAccountNumber('123')).toBe(false);
    expect(isValidUsAccountNumber('123456789012345678')).toBe(false);
    expect(isValidUsAccountNumber('12a4')).toBe(false);
    expect(() => requireUsCoordinates('021000022', '1234')).toThrow(/routing_number/);
    expect(() => requireUsCoordinates('021000021', '12')).toThrow(/account_number/);
  });
});

describe('issued bank coordinates', () => {
  it('gives a USD account a valid routing number and its 12 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (digits) => {
        const usd = issueCoordinates('USD', digits);
        expect(usd.currency === 'USD' && isValidRoutingNumber(usd.routing_number)).toBe(true);
        expect(usd).toMatchObject({ account_number: digits });
      }),
    );
  });

  it('gives a EUR account a German virtual IBAN that passes ISO 13616, and a BIC', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (digits) => {
        const eur = issueCoordinates('EUR', digits);
        if (eur.currency !== 'EUR') throw new Error('a EUR account has an IBAN');
        expect(eur.iban).toMatch(/^DE\d{20}$/);
        expect(isValidIban(eur.iban)).toBe(true);
        expect(eur.bic).toBe(VIRTUAL_IBAN_BIC);
        expect(isValidBic(eur.bic)).toBe(true);
      }),
    );
  });
});
