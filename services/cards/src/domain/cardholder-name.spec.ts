import { DomainError } from '@platform/contracts';
import { foldName, printedCardholderName } from './cardholder-name';

const codeOf = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('printed cardholder name', () => {
  it('prints FIRST LAST in latin capitals without accents', () => {
    expect(printedCardholderName('  josé ', 'Núñez  Díaz')).toBe('JOSE NUNEZ DIAZ');
    expect(foldName('Ægir ß')).toBe('ÆGIR SS');
  });

  it('accepts exactly 22 characters and refuses 23', () => {
    expect(printedCardholderName('Maximilian', 'Abcdefghijk')).toHaveLength(22);
    expect(codeOf(() => printedCardholderName('Maximilian', 'Abcdefghijkl'))).toBe(
      'cardholder_name_too_long',
    );
  });

  it('refuses empty parts and names that are not latin', () => {
    expect(codeOf(() => printedCardholderName('', 'Lovelace'))).toBe('invalid_request');
    expect(codeOf(() => printedCardholderName('Ada', '   '))).toBe('invalid_request');
    expect(codeOf(() => printedCardholderName('李', '小龙'))).toBe('invalid_request');
    expect(codeOf(() => printedCardholderName('Ada', 'Love1ace'))).toBe('invalid_request');
  });

  it('keeps hyphens, apostrophes and periods', () => {
    expect(printedCardholderName("d'Arcy", 'Smith-Jones')).toBe("D'ARCY SMITH-JONES");
  });
});
