import { z } from 'zod';
import { actingAccountField, clientInfoField } from './accounts';

/**
 * Identity's account-settings commands: organization admins' sessions, branding, services,
 * integration status, password change, reset link, email change and member administration.
 */

/** `identity.verify_org_admin_session`: is an organization admin's session still live? */
export const verifyOrgAdminSessionCommand = z
  .object({
    session_id: z.string().uuid(),
    admin_id: z.string().uuid(),
    /** The access token's generation (absent from tokens signed before refresh existed: 1). */
    generation: z.number().int().positive().optional(),
  })
  .strict();

/** `identity.revoke_org_admin_session`: signs out one of the admin's own sessions. */
export const revokeOrgAdminSessionCommand = z
  .object({ admin_id: z.string().uuid(), session_id: z.string() })
  .strict();

/** `identity.revoke_all_org_admin_sessions`: every live session of the admin. */
export const revokeAllOrgAdminSessionsCommand = z.object({ admin_id: z.string().uuid() }).strict();

/** `identity.list_org_admin_security_events`: the admin's own, newest first (D7 listing). */
export const listOrgAdminSecurityEventsCommand = z
  .object({
    admin_id: z.string().uuid(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .strict();

/** `identity.list_org_accounts`: the accounts of an organization, newest first. */
export const listOrgAccountsCommand = z
  .object({
    org_id: z.string().uuid(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .strict();

/** `identity.get_branding`, `identity.get_services`, `identity.get_integration_status`. */
export const accountQueryCommand = z.object({ account_id: z.string().uuid() }).strict();

/** `identity.get_branding` for a credential that has an organization but no account. */
export const organizationQueryCommand = z.object({ org_id: z.string().uuid() }).strict();

/** The acting member and session of a password or email change: a person, never an API key. */
export const actingMemberField = z
  .object({
    account_id: z.string().uuid(),
    member_id: z.string().uuid(),
    session_id: z.string().uuid(),
  })
  .strict();

/** `POST /v1/me/password` body. */
export const changePasswordBody = z
  .object({ current_password: z.string(), new_password: z.string() })
  .strict();

/** `identity.change_password`: revokes the member's other sessions. */
export const changePasswordCommand = changePasswordBody
  .extend({ actor: actingMemberField, client: clientInfoField.optional() })
  .strict();
export type ChangePasswordCommand = z.infer<typeof changePasswordCommand>;

/** `POST /v1/auth/password/reset-link` body. */
export const resetPasswordWithLinkBody = z
  .object({ org: z.string(), token: z.string(), new_password: z.string() })
  .strict();

/** `identity.reset_password_with_link`: single use, 60 minutes (spec §8). */
export const resetPasswordWithLinkCommand = resetPasswordWithLinkBody
  .extend({ client: clientInfoField.optional() })
  .strict();
export type ResetPasswordWithLinkCommand = z.infer<typeof resetPasswordWithLinkCommand>;

/** `POST /v1/me/email/change` body. */
export const requestEmailChangeBody = z.object({ new_email: z.string() }).strict();

/** `identity.request_email_change`: mails a code to the new address. */
export const requestEmailChangeCommand = requestEmailChangeBody
  .extend({ actor: actingMemberField })
  .strict();
export type RequestEmailChangeCommand = z.infer<typeof requestEmailChangeCommand>;

/** `POST /v1/me/email/verify` body. */
export const verifyEmailChangeBody = z.object({ code: z.string() }).strict();

/** `identity.verify_email_change`: completes the pending change. */
export const verifyEmailChangeCommand = verifyEmailChangeBody
  .extend({ actor: actingMemberField, client: clientInfoField.optional() })
  .strict();
export type VerifyEmailChangeCommand = z.infer<typeof verifyEmailChangeCommand>;

/** `PATCH /v1/members/{id}` body: send `status`, `role` or both. */
export const updateMemberBody = z
  .object({ status: z.string().optional(), role: z.string().optional() })
  .strict();

/** `identity.update_member` (owners only). */
export const updateMemberCommand = z
  .object({
    actor: actingAccountField,
    role: z.string(),
    member_id: z.string(),
    changes: updateMemberBody,
  })
  .strict();
export type UpdateMemberCommand = z.infer<typeof updateMemberCommand>;

/** `identity.list_own_mailbox`: the sandbox mailbox of a credential (decisions D3). */
export const listOwnMailboxCommand = z
  .object({
    account_id: z.string().uuid(),
    member_id: z.string().uuid().nullable(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListOwnMailboxCommand = z.infer<typeof listOwnMailboxCommand>;

export const ACCOUNT_SETTINGS_COMMANDS = {
  verify_org_admin_session: 'identity.verify_org_admin_session',
  revoke_org_admin_session: 'identity.revoke_org_admin_session',
  revoke_all_org_admin_sessions: 'identity.revoke_all_org_admin_sessions',
  list_org_admin_security_events: 'identity.list_org_admin_security_events',
  list_org_accounts: 'identity.list_org_accounts',
  get_branding: 'identity.get_branding',
  get_org_branding: 'identity.get_org_branding',
  get_services: 'identity.get_services',
  get_integration_status: 'identity.get_integration_status',
  change_password: 'identity.change_password',
  reset_password_with_link: 'identity.reset_password_with_link',
  request_email_change: 'identity.request_email_change',
  verify_email_change: 'identity.verify_email_change',
  update_member: 'identity.update_member',
  list_own_mailbox: 'identity.list_own_mailbox',
} as const;

/** The claims of an organization admin's access token (decisions D2). */
export interface OrgAdminSessionClaims {
  /** The admin signed in. */
  sub: string;
  org_id: string;
  /** Marks the token as an organization admin's: it carries no account. */
  lvl: 'org_admin';
  sid: string;
  /** The session generation the token was issued at: a refresh supersedes older tokens. */
  gen?: number;
}
