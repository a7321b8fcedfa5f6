import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { PRINCIPAL_PROPERTY, type AuthenticatedPrincipal } from '../../auth/principal';
import type { FeedScope } from './public-events-feed';

/**
 * `@CurrentCaller()` on a route declared `@RequireCredentialLevel('account_or_org_admin')`:
 * an account credential, or an organization admin's session.
 */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, execution: ExecutionContext): AuthenticatedPrincipal => {
    const request = execution.switchToHttp().getRequest<Record<string, unknown>>();
    const principal = request[PRINCIPAL_PROPERTY] as AuthenticatedPrincipal | undefined;
    if (!principal) throw new DomainError('unauthorized', 'a credential is required');
    return principal;
  },
);

/** An account credential sees its account's events; an organization admin its organization's. */
export function scopeOf(caller: AuthenticatedPrincipal): FeedScope {
  return caller.kind === 'org_admin'
    ? { org_id: caller.org_id }
    : { account_id: caller.account_id };
}
