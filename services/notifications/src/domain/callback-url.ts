import ipaddr from 'ipaddr.js';
import { DomainError } from '@platform/contracts';

/**
 * Where a webhook may be sent (spec section 2, decisions D7): HTTPS to a public address only.
 * Loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved and IPv4-mapped
 * IPv6 forms are refused. `allow_loopback` (WEBHOOKS_ALLOW_LOOPBACK, never in live) lets
 * http(s)://127.0.0.1:* and localhost through for development and tests.
 */
export interface CallbackPolicy {
  allow_loopback: boolean;
}

const MAX_URL_CHARS = 2048;
/** Names that always mean this machine or a cloud metadata service. */
const FORBIDDEN_NAMES = [/^localhost\.?$/i, /\.localhost\.?$/i, /^metadata\.google\.internal\.?$/i];

function refuse(message: string): never {
  throw new DomainError('invalid_callback_url', message);
}

/** The host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function isLoopbackName(host: string): boolean {
  return /^localhost\.?$/i.test(host);
}

/** Checks a callback URL as written; names are checked again once resolved, at connect time. */
export function validateCallbackUrl(text: string, policy: CallbackPolicy): URL {
  if (text.length === 0 || text.length > MAX_URL_CHARS) refuse('callback_url must be an HTTPS URL');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('callback_url must be an HTTPS URL');
  }
  if (url.username !== '' || url.password !== '') refuse('callback_url must not carry credentials');
  const host = hostOf(url);
  const loopback_allowed = policy.allow_loopback && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !(loopback_allowed && url.protocol === 'http:')) {
    refuse('callback_url must use HTTPS');
  }
  if (loopback_allowed) return url;
  if (FORBIDDEN_NAMES.some((pattern) => pattern.test(host))) {
    refuse('callback_url must not point to a local or internal address');
  }
  if (ipaddr.isValid(host) && !isPublicAddress(host, policy)) {
    refuse('callback_url must not point to a local or internal address');
  }
  if (!ipaddr.isValid(host) && !/^[a-z0-9.-]+$/i.test(host)) refuse('callback_url host is invalid');
  return url;
}

function isLoopbackHost(host: string): boolean {
  if (isLoopbackName(host)) return true;
  return ipaddr.isValid(host) && ipaddr.parse(host).range() === 'loopback';
}

/**
 * Whether a resolved or literal address may receive a webhook. Only globally routed unicast
 * passes; an IPv4-mapped IPv6 form is refused whatever it maps to (a classic filter bypass).
 * Forms like `0x7f.1` or `2130706433` are parsed as IPv4 here, so they are caught too.
 */
export function isPublicAddress(address: string, policy: CallbackPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (policy.allow_loopback && range === 'loopback') return true;
  return range === 'unicast';
}
