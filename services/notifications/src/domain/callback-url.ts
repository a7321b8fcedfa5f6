import ipaddr from 'ipaddr.js';
import { DomainError } from '@platform/contracts';

/**
 * Where a webhook may be sent (spec section 2, decisions D7, D12): HTTPS to a public address
 * only, on a port from 1 to 65535. Loopback, private, link-local (cloud metadata), CGNAT,
 * multicast, reserved and IPv4-mapped IPv6 forms are refused. The host is normalized first
 * (case, IDN to punycode, the trailing dot of a fully qualified name), so `https://VM./` is
 * checked, resolved and called as `vm`. `allow_loopback` (WEBHOOKS_ALLOW_LOOPBACK, never in
 * live) lets http(s)://127.0.0.1:* and localhost through for development and tests.
 */
export interface CallbackPolicy {
  allow_loopback: boolean;
}

const MAX_URL_CHARS = 2048;
/** Names that always mean this machine or a cloud metadata service (normalized hosts). */
const FORBIDDEN_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/];
/** A host name of non-empty labels, as DNS can resolve it. */
const HOST_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

function refuse(message: string): never {
  throw new DomainError('invalid_callback_url', message);
}

/** The host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function isLoopbackName(host: string): boolean {
  return host === 'localhost';
}

/**
 * The WHATWG URL parser has lower-cased the host, mapped an IDN to punycode and read numeric
 * IPv4 forms; what is left is the trailing dot of a fully qualified name, dropped here so that
 * the name checked at registration is the one resolved at connect time.
 */
function normalizeHost(url: URL): void {
  const host = url.hostname;
  if (!host.endsWith('.')) return;
  const bare = host.slice(0, -1);
  if (!HOST_NAME.test(bare)) refuse('callback_url host is invalid');
  url.hostname = bare;
}

function assertPort(url: URL): void {
  if (url.port === '') return;
  const port = Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    refuse('callback_url port must be between 1 and 65535');
}

/**
 * Checks a callback URL and answers it normalized (the form to store and to call); names are
 * checked again once resolved, at connect time.
 */
export function validateCallbackUrl(text: string, policy: CallbackPolicy): URL {
  if (text.length === 0 || text.length > MAX_URL_CHARS) refuse('callback_url must be an HTTPS URL');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('callback_url must be an HTTPS URL');
  }
  if (url.username !== '' || url.password !== '') refuse('callback_url must not carry credentials');
  normalizeHost(url);
  assertPort(url);
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
  if (!ipaddr.isValid(host) && !HOST_NAME.test(host)) refuse('callback_url host is invalid');
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
