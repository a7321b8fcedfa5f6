import { DomainError } from '@platform/contracts';
import {
  BUSINESS_ACTIVITIES,
  catalogLocale,
  OCCUPATIONS,
  requireCatalogCode,
  searchCatalog,
} from './catalogs';

describe('card catalogs', () => {
  it('searches codes and labels in every language, case and accents aside', () => {
    expect(searchCatalog(OCCUPATIONS, 'MEDICO', 'es')).toEqual([
      { code: 'doctor', label: 'Médico' },
    ]);
    expect(searchCatalog(OCCUPATIONS, 'engineer', 'zh')).toEqual([
      { code: 'engineer', label: '工程师' },
    ]);
    expect(searchCatalog(BUSINESS_ACTIVITIES, 'electrónico', 'en')).toEqual([
      { code: 'ecommerce', label: 'E-commerce' },
    ]);
    expect(searchCatalog(BUSINESS_ACTIVITIES, 'zzz', 'en')).toEqual([]);
  });

  it('answers query_required without a query', () => {
    for (const q of [null, '', '   '])
      expect(() => searchCatalog(OCCUPATIONS, q, 'en')).toThrow(
        expect.objectContaining({ code: 'query_required' }) as DomainError,
      );
  });

  it('knows its codes and languages', () => {
    expect(requireCatalogCode(OCCUPATIONS, 'teacher', 'invalid_occupation')).toBe('teacher');
    expect(() => requireCatalogCode(OCCUPATIONS, 'Teacher', 'invalid_occupation')).toThrow(
      expect.objectContaining({ code: 'invalid_occupation' }) as DomainError,
    );
    expect(() =>
      requireCatalogCode(BUSINESS_ACTIVITIES, 'piracy', 'invalid_kind_of_business'),
    ).toThrow(expect.objectContaining({ code: 'invalid_kind_of_business' }) as DomainError);
    expect(catalogLocale(null)).toBe('en');
    expect(() => catalogLocale('fr')).toThrow(
      expect.objectContaining({ code: 'invalid_language' }) as DomainError,
    );
  });
});
