import { z } from 'zod';
import { PLATFORM_LOCALES } from '../locales';
import { ACCOUNT_TYPES, KYC_STATUSES } from '../events/identity';

/**
 * What identity's commands answer, and the words those answers are made of. The gateway
 * documents its responses from these schemas; services read the `z.infer` types instead of
 * keeping their own interfaces.
 */
const instant = z.string().describe('ISO 8601 UTC timestamp');

/** Channels of one-time codes, weakest first: an organization's floor forbids anything before it. */
export const OTP_CHANNELS = ['sms', 'whatsapp', 'email', 'totp'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

export const MEMBER_ROLES = ['owner', 'operator', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** `pending_verification` until registration is confirmed; `disabled` by an owner. */
export const MEMBER_STATUSES = ['pending_verification', 'active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * `pending_verification` until registration is confirmed; `blocked` by the platform operator: the
 * account may still read and sign out, every other request is `account_blocked`.
 */
export const ACCOUNT_STATUSES = ['pending_verification', 'active', 'blocked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Decisions D7: the actions an organization may put behind OTP; anything else is `invalid_action`. */
export const OTP_ACTIONS = [
  'payout.create',
  'transfer.create',
  'withdrawal.create',
  'api_key.create',
  'member.create',
  'webhook.create',
  'password.change',
  'wallet.import',
  'wallet.export',
  'contract.sign',
  'otp.preferences',
  // cards (issue 17): showing a card's number and security code
  'card.reveal',
] as const;
export type OtpAction = (typeof OTP_ACTIONS)[number];

/** The identity providers of spec §5 rule 10. */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'microsoft', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/* ---------------- Organizations (operator) ---------------- */

export const organizationReply = z.object({
  org_id: z.string(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string().describe('IANA time zone name'),
  locale: z.enum(PLATFORM_LOCALES),
  otp_channel_floor: z.enum(OTP_CHANNELS),
  login_otp_required: z.boolean(),
  branding: z.record(z.string(), z.string()),
});
export type Organization = z.infer<typeof organizationReply>;

export const orgAdminReply = z.object({
  admin_id: z.string(),
  org_id: z.string(),
  email: z.string(),
  created_at: instant,
});
export type OrgAdmin = z.infer<typeof orgAdminReply>;

/* ---------------- Accounts, members and sessions ---------------- */

/** The operator's block of an account (`/admin/v1/accounts/{id}/block` and `/unblock`). */
export const accountBlockState = z.object({
  account_id: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  /** The operator's note when blocking; null when none was given or once unblocked. */
  blocked_reason: z.string().nullable(),
  blocked_at: instant.nullable(),
});
export type AccountBlockState = z.infer<typeof accountBlockState>;

/** The account profile of `GET /v1/me` (spec §2). */
export const accountProfile = z.object({
  id: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  display_name: z.string(),
  email: z.string(),
  tax_id: z.string().nullable(),
  phone: z.string().nullable().describe('E.164'),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  locale: z.enum(PLATFORM_LOCALES),
  status: z.enum(ACCOUNT_STATUSES),
  kyc_status: z.enum(KYC_STATUSES),
  created_at: instant,
});
export type AccountProfile = z.infer<typeof accountProfile>;

const tokenPair = {
  access_token: z.string().describe('bearer token, 24 hours'),
  expires_at: instant,
  refresh_token: z.string().describe('single use; exchanged at POST /v1/auth/refresh'),
  refresh_expires_at: instant,
};

/** A member's session (spec §2): what every sign-in answers. */
export const memberSession = z.object({
  ...tokenPair,
  account_id: z.string(),
  role: z.enum(MEMBER_ROLES),
});
export type MemberSession = z.infer<typeof memberSession>;

/**
 * An organization admin's session (decisions D2): like a member's (spec §5 rule 4), a 24-hour
 * access token and a single-use refresh token renewed on each exchange at /v1/auth/refresh,
 * within 90 days of the sign-in; signed out by DELETE /v1/me/sessions/{id} or revoke-all. It
 * carries no account: `credential_level: org_admin`.
 */
export const orgAdminSession = z.object({
  ...tokenPair,
  credential_level: z.literal('org_admin'),
  admin_id: z.string(),
  org_id: z.string(),
});
export type OrgAdminSession = z.infer<typeof orgAdminSession>;

/** What a sign-in answers instead of a session when the organization requires OTP at login. */
export const otpLoginRequired = z.object({
  otp_required: z.literal(true),
  pending_token: z.string().describe('finish at POST /v1/auth/login/otp'),
  channel: z.enum(OTP_CHANNELS),
  expires_at: instant,
});
export type OtpLoginRequired = z.infer<typeof otpLoginRequired>;

/** `identity.confirm_registration`: the first session, with the account it opened. */
export const confirmedSession = memberSession
  .omit({ account_id: true })
  .extend({ account: accountProfile });
export type ConfirmedSession = z.infer<typeof confirmedSession>;

/** The one answer to every accepted registration, new email or not (spec §2). */
export const registrationAccepted = z.object({
  status: z.literal('pending_verification'),
  note: z.string(),
});

/** The one answer of `forgot`, whether or not the email has an account (spec §5 rule 13). */
export const resetCodeRequested = z.object({ status: z.literal('accepted'), note: z.string() });

export const passwordReset = z.object({ status: z.literal('password_reset') });

/** A member as `GET /v1/members` lists it. */
export const memberListing = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(MEMBER_STATUSES),
});
export type MemberListing = z.infer<typeof memberListing>;

/** `identity.issue_api_key`: the token is in this answer only. */
export const issuedApiKey = z.object({
  api_key_id: z.string(),
  key_id: z.string(),
  token: z.string(),
  note: z.string(),
});
export type IssuedApiKey = z.infer<typeof issuedApiKey>;

export const apiKeyListing = z.object({
  api_key_id: z.string(),
  key_id: z.string(),
  label: z.string(),
  created_at: instant,
  last_used_at: instant.nullable().describe('a hint: written at most once a minute'),
});
export type ApiKeyListing = z.infer<typeof apiKeyListing>;

/** What `identity.authenticate_api_key` answers for a live key of this environment. */
export const apiKeyIdentity = z.object({
  api_key_id: z.string(),
  account_id: z.string(),
  org_id: z.string(),
  /** `active` or `blocked`: a blocked account's key still reads (the gateway refuses the rest). */
  account_status: z.enum(ACCOUNT_STATUSES),
  /**
   * The account's identity verification now: the gateway passes it on to the payins commands
   * that need an approved one (`checkedKycStatusField`).
   */
  kyc_status: z.enum(KYC_STATUSES),
});
export type ApiKeyIdentity = z.infer<typeof apiKeyIdentity>;

export const SECURITY_EVENT_TYPES = [
  'login',
  'refresh_token_reuse',
  'session_revoked',
  'all_sessions_revoked',
  'password_reset',
  'password_changed',
  'email_changed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** A row of `GET /v1/me/security/events` (decisions D4). */
export const securityEvent = z.object({
  id: z.string(),
  type: z.enum(SECURITY_EVENT_TYPES),
  created_at: instant,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;

export const liveSession = z.object({
  live: z.literal(true),
  /** Whether the session has a second factor (spec §5 rule 9): identity's record, not the token's. */
  second_factor: z.boolean(),
  /** `active` or `blocked`: a blocked account's session still reads (the gateway refuses the rest). */
  account_status: z.enum(ACCOUNT_STATUSES),
  /**
   * The actions the session's organization asks a one-time code for now (its OTP policy, read
   * with the session): the gateway asks identity to spend a token only for these.
   */
  otp_actions: z.array(z.enum(OTP_ACTIONS)),
  /**
   * The account's identity verification, read with the session (and forgotten with it when the
   * account changes): the gateway passes it on to the payins commands that need an approved one
   * (`checkedKycStatusField`), which then need not ask.
   */
  kyc_status: z.enum(KYC_STATUSES),
});
export type LiveSession = z.infer<typeof liveSession>;

export const sessionRevoked = z.object({ session_id: z.string(), status: z.literal('revoked') });
export const sessionsRevoked = z.object({
  revoked: z.number().int().describe('live sessions ended'),
});

/* ---------------- One-time codes ---------------- */

export const otpChallengeCreated = z.object({
  challenge_id: z.string(),
  action: z.enum(OTP_ACTIONS),
  channel: z.enum(OTP_CHANNELS),
  phone: z.string().describe('masked destination: a phone, an email, or `authenticator_app`'),
  expires_at: instant,
});
export type OtpChallengeCreated = z.infer<typeof otpChallengeCreated>;

export const otpTokenIssued = z.object({
  otp_token: z.string().describe('for X-OTP-Token: 5 minutes, once, same member and action'),
  action: z.enum(OTP_ACTIONS),
  expires_at: instant,
});
export type OtpTokenIssued = z.infer<typeof otpTokenIssued>;

export const otpPreferences = z.object({
  channels: z.array(z.enum(OTP_CHANNELS)).describe('preferred first'),
  /** The organization's floor: no channel weaker than it is used. */
  channel_floor: z.enum(OTP_CHANNELS),
  /** The actions this organization requires OTP for. */
  required_actions: z.array(z.enum(OTP_ACTIONS)),
  login_otp_required: z.boolean(),
  /** False when the organization turned one-time codes off (`otp_disabled_for_org`). */
  otp_enabled: z.boolean(),
});
export type OtpPreferences = z.infer<typeof otpPreferences>;

/** `identity.set_org_otp_policy` (operator): the organization's policy after the change. */
export const orgOtpPolicyReply = z.object({
  org: z.string(),
  otp_enabled: z.boolean(),
  otp_channel_floor: z.enum(OTP_CHANNELS),
  login_otp_required: z.boolean(),
  required_actions: z.array(z.enum(OTP_ACTIONS)),
});
export type OrgOtpPolicyReply = z.infer<typeof orgOtpPolicyReply>;

export const totpEnrollment = z.object({
  secret: z.string().describe('shown once; stored encrypted'),
  otpauth_uri: z.string(),
  status: z.literal('pending_confirmation'),
});
export type TotpEnrollment = z.infer<typeof totpEnrollment>;

export const phoneVerificationSent = z.object({
  status: z.literal('verification_sent'),
  channel: z.enum(['sms', 'whatsapp']),
  phone: z.string().describe('the masked phone the code went to'),
  expires_at: instant,
});
export type PhoneVerificationSent = z.infer<typeof phoneVerificationSent>;

export const phoneVerified = z.object({
  status: z.literal('phone_verified'),
  phone: z.string().describe('masked'),
});
export type PhoneVerified = z.infer<typeof phoneVerified>;

/* ---------------- Account settings ---------------- */

/** The services an account may use, as `GET /v1/services` lists them. */
export const ACCOUNT_SERVICES = [
  'payouts',
  'payins',
  'transfers',
  'swaps',
  'crypto',
  'webhooks',
  'api_keys',
  'members',
] as const;
export type AccountService = (typeof ACCOUNT_SERVICES)[number];

/** Why a service is off for an account: the error its routes answer. */
export const SERVICE_BLOCKS = ['account_blocked', 'verification_required', 'company_only'] as const;
export type ServiceBlock = (typeof SERVICE_BLOCKS)[number];

export const serviceEntry = z.object({
  name: z.enum(ACCOUNT_SERVICES),
  enabled: z.boolean(),
  /** The error code the service's routes answer while it is off; null when enabled. */
  disabled_reason: z.enum(SERVICE_BLOCKS).nullable(),
});
export type ServiceEntry = z.infer<typeof serviceEntry>;

export const INTEGRATION_CHECKS = [
  'account_active',
  'identity_verified',
  'api_key_issued',
] as const;
export type IntegrationCheck = (typeof INTEGRATION_CHECKS)[number];

/** `GET /v1/integration-status`: what identity knows of an account's readiness to integrate. */
export const integrationStatus = z.object({
  account_id: z.string(),
  livemode: z.boolean(),
  account_status: z.enum(ACCOUNT_STATUSES),
  kyc_status: z.enum(KYC_STATUSES),
  api_keys_count: z.number().int(),
  checks: z.object({
    account_active: z.boolean(),
    identity_verified: z.boolean(),
    api_key_issued: z.boolean(),
  } satisfies Record<IntegrationCheck, z.ZodBoolean>),
  /** The checks not yet met, in catalog order. */
  missing: z.array(z.enum(INTEGRATION_CHECKS)),
  /** True when every check is met: the account can move money through the API. */
  eligible: z.boolean(),
});
export type IntegrationStatus = z.infer<typeof integrationStatus>;

/** `GET /v1/branding`. */
export const branding = z.object({
  name: z.string(),
  slug: z.string(),
  timezone: z.string().describe('IANA name: the zone of every from/to date filter'),
  default_locale: z.string(),
  logo_url: z.string().nullable(),
  /** The organization's `*_color` branding entries, such as `primary_color`. */
  colors: z.record(z.string(), z.string()),
});
export type Branding = z.infer<typeof branding>;

/** A page row of `GET /v1/org/accounts`. */
export const orgAccountListing = z.object({
  id: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  display_name: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  kyc_status: z.enum(KYC_STATUSES),
  created_at: instant,
});
export type OrgAccountListing = z.infer<typeof orgAccountListing>;

/* ---------------- Passkeys, social login, handoff ---------------- */

const base64url = z.string().describe('base64url');
const credentialDescriptor = z.object({
  id: base64url,
  type: z.string().describe('public-key'),
  transports: z.array(z.string()).optional(),
});
/** `AuthenticationExtensionsClientInputs`: the client extensions asked for (`credProps` today). */
const webAuthnExtensions = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
  prf: z.unknown().optional(),
});

/** `PublicKeyCredentialCreationOptionsJSON`, for `navigator.credentials.create()`. */
export const passkeyCreationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  challenge: base64url,
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: webAuthnExtensions.optional(),
});

/** `PublicKeyCredentialRequestOptionsJSON`, for `navigator.credentials.get()`. */
export const passkeyRequestOptions = z.object({
  challenge: base64url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: webAuthnExtensions.optional(),
});

/** A row of `GET /v1/me/passkeys`. */
export const passkeyListing = z.object({
  id: z.string(),
  label: z.string().nullable(),
  created_at: instant,
  last_used_at: instant.nullable(),
});
export type PasskeyListing = z.infer<typeof passkeyListing>;

/** A linked identity, as `GET /v1/me/identities` lists it. */
export const linkedIdentity = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  email: z.string().nullable(),
  created_at: instant,
});
export type LinkedIdentity = z.infer<typeof linkedIdentity>;

export const environmentHandoff = z.object({
  handoff_token: z.string().describe('single use, valid 60 seconds'),
  expires_at: instant,
});

/* ---------------- Directory queries of other services ---------------- */

export const orgSettingsReply = z.object({
  org_id: z.string(),
  slug: z.string(),
  timezone: z.string(),
  locale: z.string(),
  account_locale: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof orgSettingsReply>;

export const recipientMatch = z.object({
  account_id: z.string(),
  display_name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  status: z.string(),
});
export type RecipientMatch = z.infer<typeof recipientMatch>;
