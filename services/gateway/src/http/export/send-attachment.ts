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
 * A stored file a client uploaded (base64 on the bus), downloaded as an attachment under the
 * type its bytes were read as; the browser must not guess another, and nothing is cached.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { filename: string; content_type: string; content_base64: string },
): FastifyReply {
  return reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', attachmentDisposition(attachmentName(file.filename, 'file')))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(file.content_base64, 'base64'));
}
