import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { MemberRole } from '@platform/contracts';
import {
  MANAGES_CREDENTIALS,
  REQUIRED_CREDENTIAL_LEVEL,
  REQUIRED_ROLE,
  type CredentialLevel,
} from './access.decorators';
import { assertCredentialLevel, assertRole } from './access-rules';
import { PRINCIPAL_PROPERTY, type AuthenticatedPrincipal } from './principal';

/**
 * The global role and credential-level guard: runs after the credential guard and enforces
 * each route's `@ManagesCredentials`, `@RequireCredentialLevel` and `@RequireRole` (see
 * access-rules.ts). Requests
 * with no principal (public routes, paths outside /v1) are not its business.
 */
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(execution: ExecutionContext): boolean {
    if (execution.getType() !== 'http') return true;
    const request = execution.switchToHttp().getRequest<Record<string, unknown>>();
    const principal = request[PRINCIPAL_PROPERTY] as AuthenticatedPrincipal | undefined;
    if (!principal) return true;
    const targets = [execution.getHandler(), execution.getClass()];
    const level = this.reflector.getAllAndOverride<CredentialLevel | undefined>(
      REQUIRED_CREDENTIAL_LEVEL,
      targets,
    );
    const manages_credentials = this.reflector.getAllAndOverride<boolean | undefined>(
      MANAGES_CREDENTIALS,
      targets,
    );
    assertCredentialLevel(principal, level, manages_credentials === true);
    if (principal.kind === 'org_admin') return true;
    const role = this.reflector.getAllAndOverride<MemberRole | undefined>(REQUIRED_ROLE, targets);
    assertRole(principal.role, role, String(request.method ?? 'GET'));
    return true;
  }
}
