import { fromAcceptLanguage, resolveLocale, toLocale } from './resolve-locale';

describe('resolveLocale', () => {
  it('defaults to English with no source', () => {
    expect(resolveLocale({})).toBe('en');
  });

  it('follows the order lang, locale, account, organization, Accept-Language', () => {
    const all = {
      query_lang: 'zh',
      query_locale: 'es',
      account_locale: 'en',
      org_locale: 'es',
      accept_language: 'zh',
    };
    expect(resolveLocale(all)).toBe('zh');
    expect(resolveLocale({ ...all, query_lang: undefined })).toBe('es');
    expect(resolveLocale({ ...all, query_lang: undefined, query_locale: undefined })).toBe('en');
    expect(resolveLocale({ org_locale: 'es', accept_language: 'zh' })).toBe('es');
    expect(resolveLocale({ accept_language: 'zh' })).toBe('zh');
  });

  it('ignores an invalid query value and falls through to the next source', () => {
    expect(resolveLocale({ query_lang: 'xx', query_locale: 'es' })).toBe('es');
    expect(resolveLocale({ query_lang: 'klingon', account_locale: 'zh' })).toBe('zh');
    expect(resolveLocale({ query_lang: '', query_locale: 'fr', accept_language: 'es' })).toBe('es');
    expect(resolveLocale({ query_lang: 'es;drop', org_locale: 'zh' })).toBe('zh');
  });

  it('ignores an unsupported account or organization locale', () => {
    expect(
      resolveLocale({ account_locale: 'fr', org_locale: 'pt-BR', accept_language: 'es' }),
    ).toBe('es');
    expect(resolveLocale({ account_locale: null, org_locale: 'zh' })).toBe('zh');
  });

  it('accepts regional and script subtags of a supported language', () => {
    expect(resolveLocale({ query_lang: 'es-MX' })).toBe('es');
    expect(resolveLocale({ query_locale: 'zh_Hans_CN' })).toBe('zh');
    expect(resolveLocale({ query_lang: 'EN-us', account_locale: 'es' })).toBe('en');
  });
});

describe('Accept-Language', () => {
  it('picks the highest q among supported languages', () => {
    expect(fromAcceptLanguage('fr;q=0.9, es;q=0.5, zh;q=0.8')).toBe('zh');
    expect(fromAcceptLanguage('de, fr;q=0.9, es-AR;q=0.1')).toBe('es');
  });

  it('keeps the header order between equal weights', () => {
    expect(fromAcceptLanguage('zh, es')).toBe('zh');
    expect(fromAcceptLanguage('es;q=0.7, zh;q=0.7')).toBe('es');
  });

  it('skips q=0, the wildcard and malformed weights', () => {
    expect(fromAcceptLanguage('es;q=0, zh;q=0.2')).toBe('zh');
    expect(fromAcceptLanguage('*, es;q=0.1')).toBe('es');
    expect(fromAcceptLanguage('zh;q=high, es;q=0.3')).toBe('es');
    expect(fromAcceptLanguage('zh;q=1.5, es;q=0.3')).toBe('es');
  });

  it('answers null when nothing is supported, so English is the fallback', () => {
    expect(fromAcceptLanguage('fr-CA, de;q=0.8')).toBeNull();
    expect(fromAcceptLanguage('')).toBeNull();
    expect(resolveLocale({ accept_language: 'fr-CA, de;q=0.8' })).toBe('en');
  });
});

describe('toLocale', () => {
  it('rejects what is not a language tag', () => {
    expect(toLocale('e')).toBeNull();
    expect(toLocale('es--MX')).toBeNull();
    expect(toLocale('../es')).toBeNull();
    expect(toLocale(undefined)).toBeNull();
  });
});
