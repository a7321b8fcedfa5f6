import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveLocale, type Locale } from '../../http';

/** `?lang=` (or `?locale=`) of a public page; an unknown value falls back to the browser's. */
export const pageLocaleQuery = z.object({
  lang: z.string().max(35).optional(),
  locale: z.string().max(35).optional(),
});
export type PageLocaleQuery = z.infer<typeof pageLocaleQuery>;

/** The language of a public page: the query, then `Accept-Language`, then English. */
export function publicPageLocale(query: PageLocaleQuery, request: FastifyRequest): Locale {
  const accept = request.headers['accept-language'];
  return resolveLocale({
    query_lang: query.lang ?? null,
    query_locale: query.locale ?? null,
    accept_language: typeof accept === 'string' ? accept : null,
  });
}
