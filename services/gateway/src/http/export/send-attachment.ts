import { DomainError, type EvidenceFileContent } from '@platform/contracts';
import type { TransferArea } from '@platform/object-storage';
import type { FastifyReply } from 'fastify';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A file name fit for a header: no control characters, quotes or slashes; else `fallback`. */
export function attachmentName(filename: string, fallback: string): string {
  const name = filename
    .replace(LONE_SURROGATE, '_')
    .replace(/[\u0000-\u001f\u007f/\\"]/g, '')
    .trim();
  return name || fallback;
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266, RFC 8187). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file a client uploaded, downloaded as an attachment under the type its bytes were read
 * as; the browser must not guess another, and nothing is cached. The service copied the bytes into
 * the transfer area (they never ride on the bus): they are streamed from there, then deleted.
 */
export async function sendAttachment(
  reply: FastifyReply,
  transfers: TransferArea,
  file: EvidenceFileContent,
): Promise<FastifyReply> {
  const stored = await transfers.stream(file.transfer_key);
  if (!stored) throw new DomainError('not_found', 'file not found');
  reply.raw.once('close', () => void transfers.delete(file.transfer_key));
  reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', attachmentDisposition(attachmentName(file.filename, 'file')))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');
  if (stored.size_bytes !== null) reply.header('Content-Length', stored.size_bytes);
  return reply.send(stored.body);
}
