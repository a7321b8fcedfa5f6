import { SetMetadata } from '@nestjs/common';
import type { MemberRole } from '@platform/contracts';

/**
 * Per-route access declarations, read by the gateway's guards. A route declares what it needs;
 * the guards (not the controllers) answer `forbidden`, `owner_required`, `otp_required`,
 * `account_required`, `org_admin_required` or `human_session_required` (spec §5, §7).
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
export type CredentialLevel =
  'account' | 'org_admin' | 'person_session' | 'human_session' | 'account_or_org_admin';
/**
 * `@RequireCredentialLevel('account')`: account credentials only (`account_required`);
 * `'org_admin'`: an organization admin's session (`org_admin_required`);
 * `'person_session'`: a person's session, never an API key (`human_session_required`);
 * `'human_session'`: a person's session with 2FA (spec §5 rule 9), never an API key
 * (`human_session_required`): one opened with a passkey or by an OTP login, or one in which the
 * person has verified an OTP challenge since;
 * `'account_or_org_admin'`: any account credential, or an organization admin's session (a route
 * that serves both, such as `GET /v1/events`; it reads the caller itself, not `@CurrentPrincipal`).
 */
export const RequireCredentialLevel = (level: CredentialLevel) =>
  SetMetadata(REQUIRED_CREDENTIAL_LEVEL, level);
