import { Inject, Injectable } from '@nestjs/common';
import type { JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };
import { DomainError, type SocialProvider } from '@platform/contracts';
import {
  identityOfClaims,
  providerConfigOf,
  type ProviderConfig,
  type SocialIdentity,
} from '../domain/social-login';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';

/** ID tokens are short-lived; this much clock difference with the provider is tolerated. */
const CLOCK_TOLERANCE_S = 60;
/** Asymmetric algorithms only: an HMAC "signature" would be keyed with public material. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

// jose ships as an ES module only; this CommonJS build loads it on first use.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose_module: Promise<Jose> | null = null;
function loadJose(): Promise<Jose> {
  jose_module ??= import('jose');
  return jose_module;
}

/**
 * Verifies providers' ID tokens against each provider's key set and client ids, as configured
 * in settings. Remote key sets are fetched on first use and cached by jose.
 */
@Injectable()
export class SocialTokenVerifier {
  private readonly key_sets = new Map<SocialProvider, JWTVerifyGetKey>();

  constructor(@Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings) {}

  /** The provider's configuration; `provider_not_configured` when it has none. */
  configOf(provider: SocialProvider): ProviderConfig {
    const config = providerConfigOf(provider, this.settings);
    if (!config)
      throw new DomainError(
        'provider_not_configured',
        `sign-in with ${provider} is not configured for this environment`,
      );
    return config;
  }

  /** The identity in a valid token; any failure is `invalid_credential`. */
  async verify(config: ProviderConfig, id_token: string): Promise<SocialIdentity> {
    const jose = await loadJose();
    let payload: Record<string, unknown>;
    try {
      const verified = await jose.jwtVerify(id_token, this.keySetOf(jose, config), {
        audience: config.audiences,
        ...(config.issuers.length > 0 ? { issuer: config.issuers } : {}),
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp'],
      });
      payload = verified.payload as Record<string, unknown>;
    } catch {
      throw new DomainError('invalid_credential', 'the identity token is not valid');
    }
    return identityOfClaims(config.provider, payload);
  }

  private keySetOf(jose: Jose, config: ProviderConfig): JWTVerifyGetKey {
    const cached = this.key_sets.get(config.provider);
    if (cached) return cached;
    const source = config.jwks;
    const key_set =
      source.kind === 'url'
        ? jose.createRemoteJWKSet(new URL(source.url))
        : jose.createLocalJWKSet(source.jwks as Parameters<Jose['createLocalJWKSet']>[0]);
    this.key_sets.set(config.provider, key_set);
    return key_set;
  }
}
