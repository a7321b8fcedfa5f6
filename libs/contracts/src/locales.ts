/** The languages of profiles, organizations and human-facing documents (spec §1). */
export const PLATFORM_LOCALES = ['en', 'es', 'zh'] as const;
export type PlatformLocale = (typeof PLATFORM_LOCALES)[number];
