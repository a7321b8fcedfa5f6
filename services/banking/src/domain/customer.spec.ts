import { decide, evolve, NO_CUSTOMER, requireCustomer } from './customer';
import { assertPayable, bankRefOf, parseThirdParty } from './third-party';

describe('banking customer', () => {
  it('opens in review for an approved account, and is approved once', () => {
    const opened = decide({ type: 'open_customer', account_kyc_status: 'approved' }, NO_CUSTOMER);
    const in_review = opened.reduce(evolve, NO_CUSTOMER);
    expect(in_review).toEqual({ status: 'in_review' });
    const reviewed = decide({ type: 'conclude_review', outcome: 'approved' }, in_review);
    const approved = reviewed.reduce(evolve, in_review);
    expect(approved).toEqual({ status: 'approved' });
    expect(decide({ type: 'conclude_review', outcome: 'approved' }, approved)).toEqual([]);
  });

  it('needs an approved verification, and one customer per account', () => {
    expect(() =>
      decide({ type: 'open_customer', account_kyc_status: 'pending' }, NO_CUSTOMER),
    ).toThrow(expect.objectContaining({ code: 'verification_required' }));
    expect(() =>
      decide({ type: 'open_customer', account_kyc_status: 'approved' }, { status: 'in_review' }),
    ).toThrow(expect.objectContaining({ code: 'banking_customer_exists' }));
    expect(() => requireCustomer(null)).toThrow(
      expect.objectContaining({ code: 'no_banking_customer' }),
    );
  });
});

describe('third parties', () => {
  it('reads an IBAN or US coordinates, with the spec codes for bad ones', () => {
    expect(parseThirdParty({ name: ' Ana ', iban: 'de89 3704 0044 0532 0130 00' })).toEqual({
      name: 'Ana',
      coordinates: { currency: 'EUR', iban: 'DE89370400440532013000', bic: null },
    });
    expect(
      parseThirdParty({ name: 'Bo', routing_number: '021000021', account_number: '123456789' })
        .coordinates,
    ).toEqual({ currency: 'USD', routing_number: '021000021', account_number: '123456789' });
    const code = (input: Parameters<typeof parseThirdParty>[0]) => {
      try {
        parseThirdParty(input);
        return 'accepted';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(code({ name: 'Ana', iban: 'DE89370400440532013001' })).toBe('invalid_iban');
    expect(code({ iban: 'DE89370400440532013000' })).toBe('invalid_name');
    expect(code({ name: 'Ana' })).toBe('invalid_request');
    expect(code({ name: 'Bo', routing_number: '021000022', account_number: '1234' })).toBe(
      'invalid_request',
    );
    expect(code({ name: 'Bo', iban: 'DE89370400440532013000', routing_number: '021000021' })).toBe(
      'invalid_request',
    );
  });

  it('identifies a beneficiary by its bank details', () => {
    expect(bankRefOf({ currency: 'EUR', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' })).toBe(
      bankRefOf({ currency: 'EUR', iban: 'DE89370400440532013000', bic: null }),
    );
  });

  it('pays EUR only between IBANs', () => {
    expect(() => assertPayable('EUR', 'EUR')).not.toThrow();
    expect(() => assertPayable('USD', 'USD')).not.toThrow();
    for (const [from, to] of [
      ['USD', 'EUR'],
      ['EUR', 'USD'],
    ] as const)
      expect(() => assertPayable(from, to)).toThrow(
        expect.objectContaining({ code: 'banking_eur_requires_viban' }),
      );
  });
});
