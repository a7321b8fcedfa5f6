import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { actingAccountField, clientInfoField } from './accounts';
import * as replies from './identity-replies';
import { mailboxReply } from './notifications-replies';

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
export type VerifyOrgAdminSessionCommand = z.infer<typeof verifyOrgAdminSessionCommand>;

/** `identity.revoke_org_admin_session`: signs out one of the admin's own sessions. */
export const revokeOrgAdminSessionCommand = z
  .object({ admin_id: z.string().uuid(), session_id: z.string() })
  .strict();
export type RevokeOrgAdminSessionCommand = z.infer<typeof revokeOrgAdminSessionCommand>;

/** `identity.revoke_all_org_admin_sessions`: every live session of the admin. */
export const revokeAllOrgAdminSessionsCommand = z.object({ admin_id: z.string().uuid() }).strict();
export type RevokeAllOrgAdminSessionsCommand = z.infer<typeof revokeAllOrgAdminSessionsCommand>;

/** `identity.list_org_admin_security_events`: the admin's own, newest first (D7 listing). */
export const listOrgAdminSecurityEventsCommand = z
  .object({
    admin_id: z.string().uuid(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListOrgAdminSecurityEventsCommand = z.infer<typeof listOrgAdminSecurityEventsCommand>;

/** `identity.list_org_accounts`: the accounts of an organization, newest first. */
export const listOrgAccountsCommand = z
  .object({
    org_id: z.string().uuid(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListOrgAccountsCommand = z.infer<typeof listOrgAccountsCommand>;

/** `identity.get_branding`, `identity.get_services`, `identity.get_integration_status`. */
export const accountQueryCommand = z.object({ account_id: z.string().uuid() }).strict();
export type AccountQueryCommand = z.infer<typeof accountQueryCommand>;

/** `identity.get_branding` for a credential that has an organization but no account. */
export const organizationQueryCommand = z.object({ org_id: z.string().uuid() }).strict();
export type OrganizationQueryCommand = z.infer<typeof organizationQueryCommand>;

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
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListOwnMailboxCommand = z.infer<typeof listOwnMailboxCommand>;

/** Identity's account-settings and organization-admin commands. */
export const ACCOUNT_SETTINGS_COMMANDS = {
  verify_org_admin_session: defineCommand({
    name: 'identity.verify_org_admin_session',
    summary: "whether an organization admin's access token is live at its generation",
    request: verifyOrgAdminSessionCommand,
    reply: z.object({ live: z.literal(true) }),
  }),
  revoke_org_admin_session: defineCommand({
    name: 'identity.revoke_org_admin_session',
    summary: "sign out one of an organization admin's own sessions",
    request: revokeOrgAdminSessionCommand,
    reply: replies.sessionRevoked,
  }),
  revoke_all_org_admin_sessions: defineCommand({
    name: 'identity.revoke_all_org_admin_sessions',
    summary: 'sign out every live session of an organization admin',
    request: revokeAllOrgAdminSessionsCommand,
    reply: replies.sessionsRevoked,
  }),
  list_org_admin_security_events: defineCommand({
    name: 'identity.list_org_admin_security_events',
    summary: "an organization admin's security events, newest first",
    request: listOrgAdminSecurityEventsCommand,
    reply: z.object({ events: z.array(replies.securityEvent) }),
  }),
  list_org_accounts: defineCommand({
    name: 'identity.list_org_accounts',
    summary: "an organization's accounts, newest first",
    request: listOrgAccountsCommand,
    reply: z.object({ accounts: z.array(replies.orgAccountListing) }),
  }),
  get_branding: defineCommand({
    name: 'identity.get_branding',
    summary: "the branding of an account's organization",
    request: accountQueryCommand,
    reply: replies.branding,
  }),
  get_org_branding: defineCommand({
    name: 'identity.get_org_branding',
    summary: "an organization's branding, for a credential with no account",
    request: organizationQueryCommand,
    reply: replies.branding,
  }),
  get_services: defineCommand({
    name: 'identity.get_services',
    summary: 'the services enabled for an account, and why the others are off',
    request: accountQueryCommand,
    reply: z.object({ services: z.array(replies.serviceEntry) }),
  }),
  get_integration_status: defineCommand({
    name: 'identity.get_integration_status',
    summary: "an account's readiness to integrate: its checks and what is missing",
    request: accountQueryCommand,
    reply: replies.integrationStatus,
  }),
  change_password: defineCommand({
    name: 'identity.change_password',
    summary: "a member's password change; its other sessions end",
    request: changePasswordCommand,
    reply: z.object({ status: z.literal('password_changed') }),
  }),
  reset_password_with_link: defineCommand({
    name: 'identity.reset_password_with_link',
    summary: 'the emailed single-use link sets a new password',
    request: resetPasswordWithLinkCommand,
    reply: replies.passwordReset,
  }),
  request_email_change: defineCommand({
    name: 'identity.request_email_change',
    summary: 'mail a code to the new sign-in email',
    request: requestEmailChangeCommand,
    reply: z.object({
      status: z.literal('verification_sent'),
      new_email: z.string(),
      expires_at: z.string().describe('ISO 8601 UTC timestamp'),
    }),
  }),
  verify_email_change: defineCommand({
    name: 'identity.verify_email_change',
    summary: 'the code moves the sign-in email',
    request: verifyEmailChangeCommand,
    reply: z.object({ status: z.literal('email_changed'), email: z.string() }),
  }),
  update_member: defineCommand({
    name: 'identity.update_member',
    summary: "change a member's role or status (owners only)",
    request: updateMemberCommand,
    reply: replies.memberListing,
  }),
  list_own_mailbox: defineCommand({
    name: 'identity.list_own_mailbox',
    summary: 'the sandbox messages a credential may read, newest first',
    request: listOwnMailboxCommand,
    reply: mailboxReply,
  }),
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
