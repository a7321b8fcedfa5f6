import type { PlatformLocale } from '@platform/contracts';

/** How a report names a scoring factor and explains it to the person reading. */
export interface FactorText {
  title: string;
  explanation: string;
}

/** The scorecard's factors (by code) in each platform language. */
const FACTOR_TEXT: Record<PlatformLocale, Record<string, FactorText>> = {
  en: {},
  es: {},
  zh: {},
};

/** `late_payments` as `Late payments`: a title for a factor no catalog names yet. */
function humanized(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A factor in `locale`; a code the catalog lacks keeps the model's own description. */
export function factorText(locale: PlatformLocale, code: string, description: string): FactorText {
  return (
    FACTOR_TEXT[locale][code] ??
    FACTOR_TEXT.en[code] ?? { title: humanized(code), explanation: description }
  );
}
