import { DomainError, linkedAccountOf, savedDestinationOf } from '@platform/contracts';
import { checkImportSize, contactFields, refuseForeignLinks } from './contact';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return undefined;
};

describe('contacts', () => {
  it('takes up to 1,000 contacts an import', () => {
    expect(codeOf(() => checkImportSize(1_000))).toBeUndefined();
    expect(codeOf(() => checkImportSize(1_001))).toBe('batch_too_large');
  });

  it('keeps emails lower-cased and absent fields null', () => {
    expect(contactFields({ name: ' Ana ', email: 'Ana@Example.COM' })).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phone: null,
      linked_account_id: null,
      destination: null,
    });
  });

  it('refuses a link to an account outside the organization, naming the row', () => {
    const linked = (id: string | null) => ({
      ...contactFields({ name: 'x' }),
      linked_account_id: id,
    });
    const mine = new Set(['a']);
    expect(codeOf(() => refuseForeignLinks([linked('a'), linked(null)], mine))).toBeUndefined();
    expect(() => refuseForeignLinks([linked('a'), linked('b')], mine)).toThrow('contacts[1]');
  });

  it('pays a contact only where it leads: contact_not_linked, no_saved_destination', () => {
    const bare = {
      contact_id: 'c',
      name: 'x',
      email: null,
      phone: null,
      account_id: null,
      destination: null,
      created_at: '',
      updated_at: '',
    };
    expect(codeOf(() => linkedAccountOf(bare))).toBe('contact_not_linked');
    expect(codeOf(() => savedDestinationOf(bare))).toBe('no_saved_destination');
    expect(linkedAccountOf({ ...bare, account_id: 'acc' })).toBe('acc');
  });
});
