import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The bucket of a request: its credential (bearer token or X-API-Key, hashed so no secret
 * stays in memory or a shared store), or the client address when it carries none.
 */
export function rateLimitKey(headers: IncomingHttpHeaders, client_ip: string): string {
  const credential = bearerToken(headers.authorization) ?? singleHeader(headers['x-api-key']);
  if (credential)
    return `credential:${createHash('sha256').update(credential).digest('base64url')}`;
  return `ip:${client_ip}`;
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}
