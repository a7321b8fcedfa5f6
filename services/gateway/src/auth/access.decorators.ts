import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import type { MemberRole } from '@platform/contracts';

/**
 * Per-route access declarations, read by the gateway's guards. A route declares what it needs;
 * the guards (not the controllers) answer `forbidden`, `owner_required`, `otp_required`,
 * `account_required`, `org_admin_required`, `human_session_required` or `session_required`
 * (spec §5, §7, decisions D12).
 */

/** Metadata key: the lowest member role allowed. Unset: GET/HEAD are open to viewers, other methods need `operator`. */
export const REQUIRED_ROLE = 'platform:required-role';
/** `@RequireRole('owner')`: only owners (and API keys, which act as the owner). */
export const RequireRole = (role: MemberRole) => SetMetadata(REQUIRED_ROLE, role);

/** Metadata key: the OTP action (decisions D7 catalog) a user session must prove with `X-OTP-Token`. */
export const REQUIRED_OTP_ACTION = 'platform:required-otp-action';
/** `@RequireOtp('payout.create')`: user sessions present `X-OTP-Token` when the organization's policy asks; API keys are exempt. */
export const RequireOtp = (action: string) => SetMetadata(REQUIRED_OTP_ACTION, action);

/** Metadata key: the credential level a route needs. */
export const REQUIRED_CREDENTIAL_LEVEL = 'platform:required-credential-level';
export type CredentialLevel = 'account' | 'org_admin' | 'human_session' | 'account_or_org_admin';
/**
 * `@RequireCredentialLevel('account')`: account credentials only (`account_required`);
 * `'org_admin'`: an organization admin's session (`org_admin_required`);
 * `'human_session'`: a person's session with 2FA (spec §5 rule 9), never an API key
 * (`human_session_required`): one opened with a passkey or by an OTP login, or one in which the
 * person has verified an OTP challenge since;
 * `'account_or_org_admin'`: any account credential, or an organization admin's session (a route
 * that serves both, such as `GET /v1/events`; it reads the caller itself, not `@CurrentPrincipal`).
 */
export const RequireCredentialLevel = (level: CredentialLevel) =>
  applyDecorators(
    SetMetadata(REQUIRED_CREDENTIAL_LEVEL, level),
    ApiExtension(CREDENTIAL_LEVEL_EXTENSION, level),
  );

/**
 * The OpenAPI extension that states a route's declared credential level, so the document can
 * list the 403 each level answers (an undeclared route is an account route). A method's own
 * declaration wins over its controller's, as in the guard.
 */
export const CREDENTIAL_LEVEL_EXTENSION = 'x-credential-level';

/** Metadata key: the route manages credentials (decisions D12). */
export const MANAGES_CREDENTIALS = 'platform:manages-credentials';

/** How a route declared `@ManagesCredentials()` documents its 403. */
export const SESSION_REQUIRED_NOTE =
  '`session_required` for an API key: API keys operate the account’s money and data, never its ' +
  'credentials (API keys, members, sessions, passwords, 2FA and sign-in methods); sign in as a ' +
  'person to do this.';

/**
 * `@ManagesCredentials()`: the route issues, lists, changes or ends credentials: API keys,
 * members, sessions, passwords, 2FA, sign-in methods. An API key gets 403 `session_required`
 * whatever level and role the route otherwise admits, so a leaked key cannot take the account
 * over (decisions D12). Every /v1 route whose path names a credential either carries it or is
 * listed as data in credential-routes.spec.ts, which walks the routes.
 */
export const ManagesCredentials = () =>
  applyDecorators(
    SetMetadata(MANAGES_CREDENTIALS, true),
    ApiForbiddenResponse({ description: SESSION_REQUIRED_NOTE }),
  );
