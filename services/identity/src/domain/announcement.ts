import { DomainError, PLATFORM_LOCALES, type PlatformLocale } from '@platform/contracts';

/** An announcement as delivered: plain text, per language (English always). */
export interface PlainAnnouncement {
  subject: string;
  body: { en: string } & Partial<Record<PlatformLocale, string>>;
}

/**
 * The language an account reads an announcement in: its own when the admin wrote that one, else
 * the organization's when written, else English (always written).
 */
export function announcementLocale(
  account_locale: string,
  org_locale: string,
  written: PlainAnnouncement['body'],
): PlatformLocale {
  for (const wanted of [account_locale, org_locale]) {
    const language = wanted.slice(0, 2).toLowerCase();
    const locale = PLATFORM_LOCALES.find((candidate) => candidate === language);
    if (locale && written[locale]) return locale;
  }
  return 'en';
}

/**
 * What is left of a field once HTML is stripped: a subject or a message that was only markup has
 * nothing to say and is refused, naming the field.
 */
export function textOf(field: string, stripped: string): string {
  const text = stripped.trim();
  if (text.length === 0)
    throw new DomainError('invalid_request', `${field} has no text once HTML is removed`);
  return text;
}
