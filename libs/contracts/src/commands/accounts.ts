import { z } from 'zod';

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

/** The account a request acts for, as the gateway authenticated it. */
export const actingAccountField = z
  .object({ account_id: z.string().uuid(), member_id: z.string().uuid().nullable() })
  .strict();

/** `identity.issue_api_key` (owners only, decisions D4). */
export const issueApiKeyCommand = z
  .object({ actor: actingAccountField, role: z.string(), label: z.string().optional() })
  .strict();
export type IssueApiKeyCommand = z.infer<typeof issueApiKeyCommand>;

/** `identity.list_api_keys`: newest first. */
export const listApiKeysCommand = z
  .object({
    account_id: z.string().uuid(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .strict();

/** `identity.revoke_api_key` (owners only); another account's key is `not_found`. */
export const revokeApiKeyCommand = z
  .object({ actor: actingAccountField, role: z.string(), api_key_id: z.string() })
  .strict();
export type RevokeApiKeyCommand = z.infer<typeof revokeApiKeyCommand>;

/** `identity.verify_session`: is the session of an access token still live at this generation? */
export const verifySessionCommand = z
  .object({ session_id: z.string().uuid(), generation: z.number().int().min(1) })
  .strict();

/** `identity.authenticate_api_key`: the gateway's check of a presented `pk_...` token. */
export const authenticateApiKeyCommand = z.object({ token: z.string() }).strict();

/** What `identity.authenticate_api_key` answers for a live key of this environment. */
export interface ApiKeyIdentity {
  api_key_id: string;
  account_id: string;
  org_id: string;
}

/** `identity.list_security_events`: newest first (decisions D4 listing shape). */
export const listSecurityEventsCommand = z
  .object({
    account_id: z.string().uuid(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .strict();

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
export const listMembersCommand = z
  .object({
    account_id: z.string().uuid(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .strict();

export const ACCOUNT_COMMANDS = {
  register_account: 'identity.register_account',
  confirm_registration: 'identity.confirm_registration',
  login: 'identity.login',
  refresh_session: 'identity.refresh_session',
  get_profile: 'identity.get_profile',
  update_profile: 'identity.update_profile',
  forgot_password: 'identity.forgot_password',
  create_member: 'identity.create_member',
  list_members: 'identity.list_members',
  reset_password: 'identity.reset_password',
  issue_api_key: 'identity.issue_api_key',
  list_api_keys: 'identity.list_api_keys',
  revoke_api_key: 'identity.revoke_api_key',
  authenticate_api_key: 'identity.authenticate_api_key',
  verify_session: 'identity.verify_session',
  list_security_events: 'identity.list_security_events',
  revoke_session: 'identity.revoke_session',
  revoke_all_sessions: 'identity.revoke_all_sessions',
} as const;

export const MEMBER_ROLES = ['owner', 'operator', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

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
