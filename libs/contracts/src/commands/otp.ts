import { z } from 'zod';
import { clientInfoField } from './accounts';

/**
 * One-time codes for sensitive actions and login (spec §5 rules 5-6, §7 "OTP and 2FA",
 * decisions D4, D7). Values are only typed here: identity answers `invalid_action`,
 * `invalid_channel` and the other codes of §7.
 */

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
] as const;
export type OtpAction = (typeof OTP_ACTIONS)[number];

/** The actions a new organization (and `demo`) requires OTP for, per decisions D7. */
export const DEFAULT_OTP_REQUIRED_ACTIONS: readonly OtpAction[] = [
  'wallet.import',
  'wallet.export',
  'contract.sign',
];

/** The header that carries a verified challenge's token (spec §5 rule 6). */
export const OTP_TOKEN_HEADER = 'x-otp-token';

/**
 * The person of a user session, as the gateway authenticated it. `session_id` names the session
 * acting: a challenge verified in it makes it a session with 2FA (spec §5 rule 9).
 */
export const otpSessionActorField = z
  .object({
    account_id: z.string().uuid(),
    member_id: z.string().uuid(),
    org_id: z.string().uuid(),
    session_id: z.string().uuid().optional(),
  })
  .strict();
export type OtpSessionActor = z.infer<typeof otpSessionActorField>;

/**
 * `identity.create_otp_challenge`. `member_id` is null for an API key, which is answered
 * `session_required`. Body (decisions D4): `{action, channel?}`.
 */
export const createOtpChallengeBody = z
  .object({ action: z.string(), channel: z.string().optional() })
  .strict();
export const createOtpChallengeCommand = z
  .object({
    actor: z
      .object({
        account_id: z.string().uuid(),
        member_id: z.string().uuid().nullable(),
        org_id: z.string().uuid(),
      })
      .strict(),
    request: createOtpChallengeBody,
  })
  .strict();
export type CreateOtpChallengeCommand = z.infer<typeof createOtpChallengeCommand>;

/** What `POST /v1/otp/challenges` answers (decisions D4). */
export interface OtpChallengeCreated {
  challenge_id: string;
  action: OtpAction;
  channel: string;
  /** Masked destination: a phone, an email, or the literal `authenticator_app`. */
  phone: string;
  expires_at: string;
}

/** `identity.verify_otp_challenge`: `{code}` for the challenge; answers `{otp_token}`. */
export const verifyOtpChallengeBody = z.object({ code: z.string() }).strict();
export const verifyOtpChallengeCommand = z
  .object({
    actor: otpSessionActorField,
    challenge_id: z.string(),
    code: z.string(),
  })
  .strict();
export type VerifyOtpChallengeCommand = z.infer<typeof verifyOtpChallengeCommand>;

export interface OtpTokenIssued {
  otp_token: string;
  action: OtpAction;
  expires_at: string;
}

/**
 * `identity.consume_otp_token`: the gateway's OTP guard asks whether a user session may run a
 * route declared `@RequireOtp(action)`. Answers `{required}`; throws `otp_required` when the
 * organization requires the action and no token came, `otp_invalid` for a bad, used or
 * expired token. A valid token is spent by this check.
 */
export const consumeOtpTokenCommand = z
  .object({
    actor: otpSessionActorField,
    action: z.string(),
    otp_token: z.string().nullable(),
  })
  .strict();
export type ConsumeOtpTokenCommand = z.infer<typeof consumeOtpTokenCommand>;

/** `identity.set_otp_preferences` (owners only): the account's channels, preferred first. */
export const setOtpPreferencesBody = z.object({ channels: z.array(z.string()) }).strict();
export const setOtpPreferencesCommand = z
  .object({ actor: otpSessionActorField, role: z.string(), preferences: setOtpPreferencesBody })
  .strict();
export type SetOtpPreferencesCommand = z.infer<typeof setOtpPreferencesCommand>;

/** `identity.get_otp_preferences`. */
export const getOtpPreferencesCommand = z
  .object({ account_id: z.string().uuid(), org_id: z.string().uuid() })
  .strict();

export interface OtpPreferences {
  channels: string[];
  /** The organization's floor: no channel weaker than it is used. */
  channel_floor: string;
  /** The actions this organization requires OTP for. */
  required_actions: OtpAction[];
  login_otp_required: boolean;
  /** False when the organization turned one-time codes off (`otp_disabled_for_org`). */
  otp_enabled: boolean;
}

/** `identity.enroll_totp`: a new (unconfirmed) authenticator secret for the member. */
export const enrollTotpBody = z.object({ current_password: z.string().optional() }).strict();
export const enrollTotpCommand = z
  .object({ actor: otpSessionActorField, request: enrollTotpBody })
  .strict();
export type EnrollTotpCommand = z.infer<typeof enrollTotpCommand>;

export interface TotpEnrollment {
  secret: string;
  otpauth_uri: string;
  status: 'pending_confirmation';
}

/** `identity.confirm_totp`: the first code from the authenticator app confirms the enrollment. */
export const confirmTotpBody = z.object({ code: z.string() }).strict();
export const confirmTotpCommand = z
  .object({ actor: otpSessionActorField, code: z.string() })
  .strict();
export type ConfirmTotpCommand = z.infer<typeof confirmTotpCommand>;

/** `identity.complete_otp_login` (decisions D4 `{pending_token, code}`): answers a session. */
export const completeOtpLoginCommand = z
  .object({ pending_token: z.string(), code: z.string(), client: clientInfoField.optional() })
  .strict();
export type CompleteOtpLoginCommand = z.infer<typeof completeOtpLoginCommand>;

/** What login answers instead of a session when the organization requires OTP at login. */
export interface OtpLoginRequired {
  otp_required: true;
  pending_token: string;
  channel: string;
  expires_at: string;
}

/**
 * `identity.set_org_otp_policy` (operator): which actions need OTP for user sessions, the
 * channel floor, the login OTP policy, and whether OTP is on at all. Omitted fields keep their value.
 */
export const setOrgOtpPolicyBody = z
  .object({
    required_actions: z.array(z.string()).optional(),
    otp_channel_floor: z.string().optional(),
    login_otp_required: z.boolean().optional(),
    /** False turns one-time codes off for the organization altogether. */
    otp_enabled: z.boolean().optional(),
  })
  .strict();
export const setOrgOtpPolicyCommand = setOrgOtpPolicyBody.extend({ org: z.string() }).strict();
export type SetOrgOtpPolicyCommand = z.infer<typeof setOrgOtpPolicyCommand>;

/**
 * `identity.request_phone_verification`: sends a code to the account's phone over `channel`
 * (`sms` unless `whatsapp`), so that the phone can carry OTP codes (spec §7
 * `phone_verification_required`). Body `{channel?}`.
 */
export const requestPhoneVerificationBody = z
  .object({ channel: z.enum(['sms', 'whatsapp']).optional() })
  .strict();
export const requestPhoneVerificationCommand = z
  .object({ actor: otpSessionActorField, request: requestPhoneVerificationBody })
  .strict();
export type RequestPhoneVerificationCommand = z.infer<typeof requestPhoneVerificationCommand>;

export interface PhoneVerificationSent {
  status: 'verification_sent';
  channel: 'sms' | 'whatsapp';
  /** The masked phone the code went to. */
  phone: string;
  expires_at: string;
}

/** `identity.confirm_phone_verification`: the code sent to the phone proves it. Body `{code}`. */
export const confirmPhoneVerificationBody = z.object({ code: z.string() }).strict();
export const confirmPhoneVerificationCommand = z
  .object({ actor: otpSessionActorField, code: z.string() })
  .strict();
export type ConfirmPhoneVerificationCommand = z.infer<typeof confirmPhoneVerificationCommand>;

export interface PhoneVerified {
  status: 'phone_verified';
  phone: string;
}

export const OTP_COMMANDS = {
  request_phone_verification: 'identity.request_phone_verification',
  confirm_phone_verification: 'identity.confirm_phone_verification',
  create_otp_challenge: 'identity.create_otp_challenge',
  verify_otp_challenge: 'identity.verify_otp_challenge',
  consume_otp_token: 'identity.consume_otp_token',
  set_otp_preferences: 'identity.set_otp_preferences',
  get_otp_preferences: 'identity.get_otp_preferences',
  enroll_totp: 'identity.enroll_totp',
  confirm_totp: 'identity.confirm_totp',
  complete_otp_login: 'identity.complete_otp_login',
  set_org_otp_policy: 'identity.set_org_otp_policy',
} as const;
