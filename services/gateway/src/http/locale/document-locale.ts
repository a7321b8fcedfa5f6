import { IDENTITY_DIRECTORY_QUERIES } from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import { resolveLocale, toLocale, type Locale } from './resolve-locale';

/**
 * The language of a document made for a signed-in account (PDFs, export headers), in the order
 * of spec §1: a valid `?lang=`, a valid `?locale=`, the account profile, the organization
 * default, `Accept-Language`, English. Identity is asked only when the query does not decide.
 */
export async function documentLocale(
  bus: BusClient,
  caller: { account_id: string; org_id: string },
  query: { lang?: unknown; locale?: unknown },
  accept_language: string | undefined,
): Promise<Locale> {
  const from_query = toLocale(textOf(query.lang)) ?? toLocale(textOf(query.locale));
  if (from_query) return from_query;
  const settings = await bus.send(IDENTITY_DIRECTORY_QUERIES.get_org_settings, {
    org_id: caller.org_id,
    account_id: caller.account_id,
  });
  return resolveLocale({
    account_locale: settings.account_locale,
    org_locale: settings.locale,
    accept_language: accept_language ?? null,
  });
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Who reads an export: its headers' language (the order of `documentLocale`) and the time zone
 * its dates are shown in, the organization's. Every organization has one: identity gives an
 * organization created without a time zone the platform default (America/New_York).
 */
export async function exportReader(
  bus: BusClient,
  caller: { account_id: string; org_id: string },
  query: { lang?: unknown; locale?: unknown },
  accept_language: string | undefined,
): Promise<{ locale: Locale; timezone: string }> {
  const settings = await bus.send(IDENTITY_DIRECTORY_QUERIES.get_org_settings, {
    org_id: caller.org_id,
    account_id: caller.account_id,
  });
  const locale = resolveLocale({
    query_lang: textOf(query.lang),
    query_locale: textOf(query.locale),
    account_locale: settings.account_locale,
    org_locale: settings.locale,
    accept_language: accept_language ?? null,
  });
  return { locale, timezone: settings.timezone };
}
