import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@platform/contracts';
import { API_KEY_TOKEN_PREFIX, ApiKeyVerifier } from './api-key.verifier';
import { blockedAccountRefusal } from './blocked-account';
import { PRINCIPAL_PROPERTY, type AuthenticatedPrincipal } from './principal';
import { REQUIRED_OTP_ACTION } from './access.decorators';
import { IS_PUBLIC_ROUTE } from './public.decorator';
import { SessionJwtVerifier } from './session-jwt.verifier';

/** The public API surface this guard protects; other paths (health, admin, docs) have their own rules. */
/** The credential a request presents: `Authorization: Bearer` first, else `X-API-Key`. */
function presentedCredential(headers: Record<string, unknown>): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? null;
  }
  const api_key = headers['x-api-key'];
  return typeof api_key === 'string' && api_key.length > 0 ? api_key : null;
}

function isPublicApiPath(url: string | undefined): boolean {
  const path = url?.split('?', 1)[0] ?? '';
  return path === '/v1' || path.startsWith('/v1/');
}

/**
 * The global credential guard (spec §5 rule 1): every /v1 route needs `Authorization: Bearer`
 * or `X-API-Key` unless declared @Public(). Any failure is 401 `unauthorized`, whatever went
 * wrong with the credential. A blocked account's credential is refused with 403
 * `account_blocked` on anything but a read or a sign-out.
 */
@Injectable()
export class CredentialsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionJwtVerifier,
    private readonly api_keys: ApiKeyVerifier,
  ) {}

  async canActivate(execution: ExecutionContext): Promise<boolean> {
    if (execution.getType() !== 'http') return true;
    const request = execution.switchToHttp().getRequest<Record<string, unknown>>();
    if (!isPublicApiPath(request.url as string | undefined)) return true;
    const is_public = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_ROUTE, [
      execution.getHandler(),
      execution.getClass(),
    ]);
    if (is_public) return true;
    let principal: AuthenticatedPrincipal;
    try {
      principal = await this.authenticate(request);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw this.identityUnreachable(execution, request);
    }
    // A blocked account (decided by the platform operator) only reads and signs out.
    const refusal = blockedAccountRefusal(String(request.method), String(request.url), principal);
    if (refusal) throw refusal;
    request[PRINCIPAL_PROPERTY] = principal;
    return true;
  }

  /**
   * Identity, which checks every credential, could not be reached. The request is refused with a
   * retryable 503, never let through: on a route that OTP guards (spec §5 rule 6) with the spec's
   * `otp_unavailable` (the action stays blocked, OTP is never skipped), elsewhere
   * `service_unavailable`.
   */
  private identityUnreachable(
    execution: ExecutionContext,
    request: Record<string, unknown>,
  ): DomainError {
    const credential = presentedCredential(request.headers as Record<string, unknown>);
    // API keys are exempt from OTP: for them it is only the credential check that failed.
    const is_api_key = credential?.startsWith(API_KEY_TOKEN_PREFIX) ?? false;
    const otp_action = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_OTP_ACTION, [
      execution.getHandler(),
      execution.getClass(),
    ]);
    return otp_action && !is_api_key
      ? new DomainError('otp_unavailable', 'one-time codes cannot be checked now; retry later')
      : new DomainError('service_unavailable', 'credentials cannot be checked now; retry later');
  }

  private async authenticate(request: Record<string, unknown>): Promise<AuthenticatedPrincipal> {
    const credential = presentedCredential(request.headers as Record<string, unknown>);
    if (credential?.startsWith(API_KEY_TOKEN_PREFIX)) return this.api_keys.verify(credential);
    const principal = credential ? await this.sessions.verify(request) : null;
    if (!principal) throw new DomainError('unauthorized', 'a valid credential is required');
    return principal;
  }
}
