import type { FastifyReply } from 'fastify';
import { DomainError } from '@platform/contracts';
import { SUPPORTED_LOCALES, toLocale } from '../locale/resolve-locale';

/** A receipt's `?lang=`, when sent, is one of the platform's languages (spec §7 `invalid_language`). */
export function requireDocumentLanguage(lang: unknown): void {
  if (lang !== undefined && (typeof lang !== 'string' || !toLocale(lang)))
    throw new DomainError('invalid_language', `lang must be ${SUPPORTED_LOCALES.join(', ')}`);
}

/** A PDF a service rendered (base64 on the bus), shown inline and never cached. */
export function sendPdf(
  reply: FastifyReply,
  document: { filename: string; pdf_base64: string },
): FastifyReply {
  return reply.send(pdfBody(reply, document));
}

/**
 * The same PDF for a handler whose reply Nest sends (`@Res({ passthrough: true })`, a route that
 * answers JSON too): sets the headers and returns the bytes to answer with. Sending them as well
 * would answer twice.
 */
export function pdfBody(
  reply: FastifyReply,
  document: { filename: string; pdf_base64: string },
): Buffer {
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${document.filename}"`)
    .header('Cache-Control', 'no-store');
  return Buffer.from(document.pdf_base64, 'base64');
}
