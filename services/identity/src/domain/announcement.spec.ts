import { DomainError } from '@platform/contracts';
import { announcementLocale, textOf } from './announcement';

describe('announcementLocale', () => {
  const all = { en: 'Hello', es: 'Hola', zh: '你好' };

  it("gives the account's language when the admin wrote it", () => {
    expect(announcementLocale('es', 'en', all)).toBe('es');
    expect(announcementLocale('zh', 'es', all)).toBe('zh');
    expect(announcementLocale('es-AR', 'en', all)).toBe('es');
  });

  it("falls back to the organization's language, then English", () => {
    expect(announcementLocale('zh', 'es', { en: 'Hello', es: 'Hola' })).toBe('es');
    expect(announcementLocale('zh', 'zh', { en: 'Hello', es: 'Hola' })).toBe('en');
    expect(announcementLocale('fr', 'de', all)).toBe('en');
  });
});

describe('textOf', () => {
  it('keeps text, trimmed', () => {
    expect(textOf('subject', '  Maintenance  ')).toBe('Maintenance');
  });

  it('refuses a field with nothing left, naming it', () => {
    expect(() => textOf('body.es', ' \n ')).toThrow(DomainError);
    expect(() => textOf('body.es', '')).toThrow('body.es has no text once HTML is removed');
  });
});
