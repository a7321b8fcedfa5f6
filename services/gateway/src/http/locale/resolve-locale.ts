import { PLATFORM_LOCALES, type PlatformLocale } from '@platform/contracts';
/** The languages of human-facing surfaces (hosted pages, PDFs, CSV headers). */
export const SUPPORTED_LOCALES = PLATFORM_LOCALES;
export type Locale = PlatformLocale;
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleSources {
  query_lang?: string | null;
  query_locale?: string | null;
  account_locale?: string | null;
  org_locale?: string | null;
  accept_language?: string | null;
}

/**
 * Spec section 1: a valid `?lang=`, then a valid `?locale=`, the account profile, the
 * organization default, `Accept-Language`, then English. Invalid values are skipped.
 */
export function resolveLocale(sources: LocaleSources): Locale {
  return (
    toLocale(sources.query_lang) ??
    toLocale(sources.query_locale) ??
    toLocale(sources.account_locale) ??
    toLocale(sources.org_locale) ??
    fromAcceptLanguage(sources.accept_language) ??
    DEFAULT_LOCALE
  );
}

/** A supported locale from a BCP 47 tag (`es`, `es-MX`, `zh_Hans_CN`, `EN`), or null. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (typeof tag !== 'string') return null;
  const match = /^([a-zA-Z]{2,3})(?:[-_][a-zA-Z0-9]{1,8})*$/.exec(tag.trim());
  const language = match?.[1]?.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale === language) ?? null;
}

interface WeightedTag {
  tag: string;
  q: number;
  order: number;
}

/** The supported locale the client weighs highest; ties keep the header's order. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map(parseWeightedTag)
    .filter((entry): entry is WeightedTag => entry !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const entry of ranked) {
    const locale = toLocale(entry.tag);
    if (locale) return locale;
  }
  return null;
}

function parseWeightedTag(part: string, order: number): WeightedTag | null {
  const [raw_tag, ...parameters] = part.split(';').map((piece) => piece.trim());
  if (!raw_tag) return null;
  let q = 1;
  for (const parameter of parameters) {
    const match = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(parameter);
    if (/^q\s*=/i.test(parameter)) {
      if (!match?.[1]) return null; // a malformed weight makes the entry unusable
      q = Number(match[1]);
    }
  }
  return { tag: raw_tag, q, order };
}
