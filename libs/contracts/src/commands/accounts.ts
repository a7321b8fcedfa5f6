import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import * as replies from './identity-replies';
import type { MemberRole } from './identity-replies';

/**
 * Identity's account and session commands. Field values are only typed here: the identity
 * domain checks them and answers the registration codes of spec §7 (`invalid_type`, ...).
 */

/** Who is on the other end of a request, for security events. */
export const clientInfoField = z
  .object({ ip: z.string().nullable(), user_agent: z.string().nullable() })
  .strict();
export type ClientInfo = z.infer<typeof clientInfoField>;

/** `identity.register_account`: verify-first registration (spec §2, §5 rule 3). */
export const registerAccountCommand = z
  .object({
    org: z.string(),
    type: z.string().optional(),
    email: z.string().optional(),
    password: z.string().optional(),
    display_name: z.string().optional(),
    tax_id: z.string().optional(),
    phone: z.string().optional(),
    country: z.string().optional(),
    locale: z.string().optional(),
    profile: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type RegisterAccountCommand = z.infer<typeof registerAccountCommand>;

/** `identity.confirm_registration` (decisions D4). */
export const confirmRegistrationCommand = z
  .object({
    org: z.string(),
    email: z.string(),
    code: z.string(),
    client: clientInfoField.optional(),
  })
  .strict();
export type ConfirmRegistrationCommand = z.infer<typeof confirmRegistrationCommand>;

/** `identity.login`. */
export const loginCommand = z
  .object({
    org: z.string(),
    email: z.string(),
    password: z.string(),
    client: clientInfoField.optional(),
  })
  .strict();
export type LoginCommand = z.infer<typeof loginCommand>;

/**
 * `identity.refresh_session`. `presented_at` is when the gateway received the request: a twin
 * exchange presented before the first one finished lost a race, one presented after is a replay.
 */
export const refreshSessionCommand = z
  .object({
    refresh_token: z.string(),
    client: clientInfoField.optional(),
    presented_at: z.string().datetime().optional(),
  })
  .strict();
export type RefreshSessionCommand = z.infer<typeof refreshSessionCommand>;

/** `identity.get_profile`: the account of an authenticated credential. */
export const getProfileCommand = z.object({ account_id: z.string().uuid() }).strict();
export type GetProfileCommand = z.infer<typeof getProfileCommand>;

/** The account a request acts for, as the gateway authenticated it. */
export const actingAccountField = z
  .object({ account_id: z.string().uuid(), member_id: z.string().uuid().nullable() })
  .strict();

/** `identity.issue_api_key` (owners only, decisions D4). */
export const issueApiKeyCommand = z
  .object({ actor: actingAccountField, role: z.string(), label: z.string().optional() })
  .strict();
export type IssueApiKeyCommand = z.infer<typeof issueApiKeyCommand>;

/** One page of an account's collection (decisions D7): `limit` rows after `offset`. */
export const accountPageQuery = z
  .object({
    account_id: z.string().uuid(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type AccountPageQuery = z.infer<typeof accountPageQuery>;

/** `identity.list_api_keys`: newest first. */
export const listApiKeysCommand = accountPageQuery;

/** `identity.revoke_api_key` (owners only); another account's key is `not_found`. */
export const revokeApiKeyCommand = z
  .object({ actor: actingAccountField, role: z.string(), api_key_id: z.string() })
  .strict();
export type RevokeApiKeyCommand = z.infer<typeof revokeApiKeyCommand>;

/** `identity.verify_session`: is the session of an access token still live at this generation? */
export const verifySessionCommand = z
  .object({ session_id: z.string().uuid(), generation: z.number().int().min(1) })
  .strict();
export type VerifySessionCommand = z.infer<typeof verifySessionCommand>;

/** `identity.authenticate_api_key`: the gateway's check of a presented `pk_...` token. */
export const authenticateApiKeyCommand = z.object({ token: z.string() }).strict();
export type AuthenticateApiKeyCommand = z.infer<typeof authenticateApiKeyCommand>;

/** `identity.list_security_events`: newest first (decisions D4 listing shape). */
export const listSecurityEventsCommand = accountPageQuery;

/** `identity.revoke_session`: one session of the actor; any other id is `not_found`. */
export const revokeSessionCommand = z
  .object({ actor: actingAccountField, session_id: z.string(), client: clientInfoField.optional() })
  .strict();
export type RevokeSessionCommand = z.infer<typeof revokeSessionCommand>;

/** `identity.revoke_all_sessions`: every live session of the actor. */
export const revokeAllSessionsCommand = z
  .object({ actor: actingAccountField, client: clientInfoField.optional() })
  .strict();
export type RevokeAllSessionsCommand = z.infer<typeof revokeAllSessionsCommand>;

/** The fields `PATCH /v1/me` accepts (spec §2); send only the changed ones. */
export const profileChangesField = z
  .object({
    display_name: z.string().optional(),
    tax_id: z.string().optional(),
    phone: z.string().optional(),
    country: z.string().optional(),
    locale: z.string().optional(),
  })
  .strict();
export type ProfileChanges = z.infer<typeof profileChangesField>;

/** `identity.update_profile`. */
export const updateProfileCommand = z
  .object({ actor: actingAccountField, role: z.string(), changes: profileChangesField })
  .strict();
export type UpdateProfileCommand = z.infer<typeof updateProfileCommand>;

/** `identity.forgot_password` (decisions D4): always the same answer. */
export const forgotPasswordCommand = z.object({ org: z.string(), email: z.string() }).strict();
export type ForgotPasswordCommand = z.infer<typeof forgotPasswordCommand>;

/** `identity.reset_password` (decisions D4). */
export const resetPasswordCommand = z
  .object({
    org: z.string(),
    email: z.string(),
    code: z.string(),
    new_password: z.string(),
    client: clientInfoField.optional(),
  })
  .strict();
export type ResetPasswordCommand = z.infer<typeof resetPasswordCommand>;

/** `identity.create_member` (company accounts, owners only; decisions D4). */
export const createMemberCommand = z
  .object({
    actor: actingAccountField,
    role: z.string(),
    member: z
      .object({ email: z.string(), password: z.string(), role: z.string().optional() })
      .strict(),
  })
  .strict();
export type CreateMemberCommand = z.infer<typeof createMemberCommand>;

/** `identity.list_members`: oldest first, the owner leading. */
export const listMembersCommand = accountPageQuery;

/** Identity's account, member, API key and session commands. */
export const ACCOUNT_COMMANDS = {
  register_account: defineCommand({
    name: 'identity.register_account',
    summary: 'verify-first registration: mails a code, creates no session',
    request: registerAccountCommand,
    reply: replies.registrationAccepted,
  }),
  confirm_registration: defineCommand({
    name: 'identity.confirm_registration',
    summary: 'the emailed code opens the account and its first session',
    request: confirmRegistrationCommand,
    reply: replies.confirmedSession,
  }),
  login: defineCommand({
    name: 'identity.login',
    summary: "a member's or an organization admin's password sign-in",
    request: loginCommand,
    reply: z.union([replies.memberSession, replies.otpLoginRequired, replies.orgAdminSession]),
  }),
  refresh_session: defineCommand({
    name: 'identity.refresh_session',
    summary: 'exchange a single-use refresh token for a new pair',
    request: refreshSessionCommand,
    reply: z.union([replies.memberSession, replies.orgAdminSession]),
  }),
  get_profile: defineCommand({
    name: 'identity.get_profile',
    summary: 'the profile of an account',
    request: getProfileCommand,
    reply: replies.accountProfile,
  }),
  update_profile: defineCommand({
    name: 'identity.update_profile',
    summary: "change an account's editable profile fields",
    request: updateProfileCommand,
    reply: replies.accountProfile,
  }),
  forgot_password: defineCommand({
    name: 'identity.forgot_password',
    summary: 'mail a reset code and link; the same answer whether or not the email has an account',
    request: forgotPasswordCommand,
    reply: replies.resetCodeRequested,
  }),
  create_member: defineCommand({
    name: 'identity.create_member',
    summary: 'add a member to a company account (owners only)',
    request: createMemberCommand,
    reply: replies.memberListing,
  }),
  list_members: defineCommand({
    name: 'identity.list_members',
    summary: "an account's members, oldest first",
    request: listMembersCommand,
    reply: z.object({ members: z.array(replies.memberListing) }),
  }),
  reset_password: defineCommand({
    name: 'identity.reset_password',
    summary: 'the emailed code sets a new password and ends every session',
    request: resetPasswordCommand,
    reply: replies.passwordReset,
  }),
  issue_api_key: defineCommand({
    name: 'identity.issue_api_key',
    summary: 'a new API key of the account (owners only); its token is answered once',
    request: issueApiKeyCommand,
    reply: replies.issuedApiKey,
  }),
  list_api_keys: defineCommand({
    name: 'identity.list_api_keys',
    summary: "an account's live API keys, newest first",
    request: listApiKeysCommand,
    reply: z.object({ api_keys: z.array(replies.apiKeyListing) }),
  }),
  revoke_api_key: defineCommand({
    name: 'identity.revoke_api_key',
    summary: 'revoke an API key of the account (owners only)',
    request: revokeApiKeyCommand,
    reply: z.object({ api_key_id: z.string(), status: z.literal('revoked') }),
  }),
  authenticate_api_key: defineCommand({
    name: 'identity.authenticate_api_key',
    summary: 'the account behind a presented API key token of this environment',
    request: authenticateApiKeyCommand,
    reply: replies.apiKeyIdentity,
  }),
  verify_session: defineCommand({
    name: 'identity.verify_session',
    summary: "whether an access token's session is live at its generation",
    request: verifySessionCommand,
    reply: replies.liveSession,
  }),
  list_security_events: defineCommand({
    name: 'identity.list_security_events',
    summary: "an account's security events, newest first",
    request: listSecurityEventsCommand,
    reply: z.object({ events: z.array(replies.securityEvent) }),
  }),
  revoke_session: defineCommand({
    name: 'identity.revoke_session',
    summary: 'sign out one session of the acting member',
    request: revokeSessionCommand,
    reply: replies.sessionRevoked,
  }),
  revoke_all_sessions: defineCommand({
    name: 'identity.revoke_all_sessions',
    summary: 'sign out every live session of the acting member',
    request: revokeAllSessionsCommand,
    reply: replies.sessionsRevoked,
  }),
} as const;

/** The claims of a session access token, as identity signs them and the gateway reads them. */
export interface SessionClaims {
  /** The member signed in. */
  sub: string;
  account_id: string;
  org_id: string;
  role: MemberRole;
  /** The session (refresh chain) this token belongs to. */
  sid: string;
  /** The session's generation when issued: a later refresh revokes this token. */
  gen: number;
}
