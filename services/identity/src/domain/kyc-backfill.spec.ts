import { backfilledIdentity, type DeclaredIdentity } from './kyc-backfill';

const person: DeclaredIdentity = {
  type: 'person',
  display_name: 'Ada',
  tax_id: null,
  country: null,
  profile: {},
};

describe('backfilledIdentity', () => {
  it('names a person by first and last name', () => {
    expect(
      backfilledIdentity({ ...person, profile: { first_name: ' Ada ', last_name: 'Lovelace' } }),
    ).toEqual({ display_name: 'Ada Lovelace', tax_id: null, country: null });
  });

  it('names a company by its legal name', () => {
    expect(
      backfilledIdentity({
        ...person,
        type: 'company',
        display_name: 'Acme',
        profile: { legal_name: 'Acme Holdings LLC', first_name: 'x', last_name: 'y' },
      }).display_name,
    ).toBe('Acme Holdings LLC');
  });

  it('keeps the current name when the identity holds none or only half of it', () => {
    expect(backfilledIdentity({ ...person, profile: { first_name: 'Ada' } }).display_name).toBe(
      'Ada',
    );
    expect(backfilledIdentity({ ...person, profile: { first_name: 42, last_name: 'L' } })).toEqual({
      display_name: 'Ada',
      tax_id: null,
      country: null,
    });
  });

  it('takes tax id and country from the account first, then from the profile', () => {
    expect(
      backfilledIdentity({
        ...person,
        tax_id: 'A-1',
        country: 'US',
        profile: { tax_id: 'B-2', country: 'MX' },
      }),
    ).toMatchObject({ tax_id: 'A-1', country: 'US' });
    expect(
      backfilledIdentity({ ...person, profile: { tax_id: 'B-2', country: 'MX' } }),
    ).toMatchObject({ tax_id: 'B-2', country: 'MX' });
    expect(backfilledIdentity({ ...person, profile: { country: 'mexico' } }).country).toBeNull();
  });
});
