import type { Environment } from '@platform/contracts';

/** How long a WebAuthn challenge may be answered: long enough for a person at a prompt. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The most passkeys one member keeps; each shows in `excludeCredentials` of a new one. */
export const MAX_PASSKEYS_PER_MEMBER = 20;

/** Who the platform is to an authenticator: the RP ID and the web origins allowed to ask. */
export interface RelyingParty {
  rp_id: string;
  origins: string[];
}

/** The default web address of each environment in the all-in-one runtime (decisions D1). */
const DEFAULT_PORTS = {
  test: { setting: 'PORT_TEST', port: 8080 },
  live: { setting: 'PORT_LIVE', port: 8081 },
} as const satisfies Record<Environment, { setting: string; port: number }>;

/** The settings the relying party comes from (the identity service's, typed). */
export interface RelyingPartySettings {
  PASSKEY_ORIGINS?: string;
  PASSKEY_RP_ID?: string;
  PUBLIC_BASE_URL?: string;
  PORT_TEST?: number;
  PORT_LIVE?: number;
}

function originOf(address: string, setting: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`${setting} must hold absolute http(s) addresses`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${setting} must hold absolute http(s) addresses`);
  return url.origin;
}

/**
 * The relying party from settings: `PASSKEY_ORIGINS` (comma-separated web origins) and
 * `PASSKEY_RP_ID` (a registrable domain). Defaults: the origin of `PUBLIC_BASE_URL`, else
 * `http://localhost:<port of the environment>`; the RP ID is the first origin's host name.
 * Browsers refuse IP addresses as RP IDs, hence `localhost` rather than 127.0.0.1.
 */
export function relyingPartyOf(
  environment: Environment,
  settings: Readonly<RelyingPartySettings>,
): RelyingParty {
  const configured = settings.PASSKEY_ORIGINS?.split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const { setting, port } = DEFAULT_PORTS[environment];
  const origins =
    configured && configured.length > 0
      ? configured.map((value) => originOf(value, 'PASSKEY_ORIGINS'))
      : [
          settings.PUBLIC_BASE_URL
            ? originOf(settings.PUBLIC_BASE_URL, 'PUBLIC_BASE_URL')
            : `http://localhost:${settings[setting] ?? port}`,
        ];
  const first = new URL(origins[0] as string);
  const rp_id = settings.PASSKEY_RP_ID?.trim() || first.hostname;
  const outside = origins.find((origin) => !hostBelongsTo(new URL(origin).hostname, rp_id));
  if (outside) throw new Error(`PASSKEY_RP_ID ${rp_id} does not cover the origin ${outside}`);
  return { rp_id, origins };
}

/** WebAuthn: the RP ID is the origin's host or a parent domain of it. */
function hostBelongsTo(host: string, rp_id: string): boolean {
  return host === rp_id || host.endsWith(`.${rp_id}`);
}

/** The challenge an authenticator signed, read from the client data it returned; null if unreadable. */
export function challengeOfClientData(client_data_json_base64url: string): string | null {
  try {
    const parsed: unknown = JSON.parse(
      Buffer.from(client_data_json_base64url, 'base64url').toString('utf8'),
    );
    if (typeof parsed !== 'object' || parsed === null) return null;
    const challenge = (parsed as Record<string, unknown>).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}
