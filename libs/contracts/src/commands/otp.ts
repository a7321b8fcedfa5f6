import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { clientInfoField } from './accounts';
import * as replies from './identity-replies';
import type { OtpAction } from './identity-replies';

/**
 * One-time codes for sensitive actions and login (spec §5 rules 5-6, §7 "OTP and 2FA",
 * decisions D4, D7). Values are only typed here: identity answers `invalid_action`,
 * `invalid_channel` and the other codes of §7.
 */

/** The actions a new organization (and `demo`) requires OTP for, per decisions D7. */
export const DEFAULT_OTP_REQUIRED_ACTIONS: readonly OtpAction[] = [
  'wallet.import',
  'wallet.export',
  'contract.sign',
];

/**
 * Actions that always need a verified code from a user session, whatever the organization's
 * policy says (showing a card's full number and security code).
 */
export const ALWAYS_OTP_ACTIONS: readonly OtpAction[] = ['card.reveal'];

/**
 * The actions an organization asks a user session for a verified code for: ALWAYS_OTP_ACTIONS,
 * and its required actions while OTP is on. Identity decides by it when a token is spent; the
 * gateway, told it with the session, skips asking identity for an action outside it.
 */
export function otpActionsOf(policy: {
  otp_enabled: boolean;
  required_actions: readonly OtpAction[];
}): OtpAction[] {
  const required = policy.otp_enabled ? policy.required_actions : [];
  return [...new Set([...ALWAYS_OTP_ACTIONS, ...required])];
}

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
export type GetOtpPreferencesCommand = z.infer<typeof getOtpPreferencesCommand>;

/** `identity.enroll_totp`: a new (unconfirmed) authenticator secret for the member. */
export const enrollTotpBody = z.object({ current_password: z.string().optional() }).strict();
export const enrollTotpCommand = z
  .object({ actor: otpSessionActorField, request: enrollTotpBody })
  .strict();
export type EnrollTotpCommand = z.infer<typeof enrollTotpCommand>;

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

/** `identity.confirm_phone_verification`: the code sent to the phone proves it. Body `{code}`. */
export const confirmPhoneVerificationBody = z.object({ code: z.string() }).strict();
export const confirmPhoneVerificationCommand = z
  .object({ actor: otpSessionActorField, code: z.string() })
  .strict();
export type ConfirmPhoneVerificationCommand = z.infer<typeof confirmPhoneVerificationCommand>;

/** Identity's one-time code commands. */
export const OTP_COMMANDS = {
  request_phone_verification: defineCommand({
    name: 'identity.request_phone_verification',
    summary: "send a code to the account's phone to prove it",
    request: requestPhoneVerificationCommand,
    reply: replies.phoneVerificationSent,
  }),
  confirm_phone_verification: defineCommand({
    name: 'identity.confirm_phone_verification',
    summary: 'the code sent to the phone proves it',
    request: confirmPhoneVerificationCommand,
    reply: replies.phoneVerified,
  }),
  create_otp_challenge: defineCommand({
    name: 'identity.create_otp_challenge',
    summary: 'send a one-time code for an action',
    request: createOtpChallengeCommand,
    reply: replies.otpChallengeCreated,
  }),
  verify_otp_challenge: defineCommand({
    name: 'identity.verify_otp_challenge',
    summary: "a challenge's code for a single-use OTP token",
    request: verifyOtpChallengeCommand,
    reply: replies.otpTokenIssued,
  }),
  consume_otp_token: defineCommand({
    name: 'identity.consume_otp_token',
    summary: "whether a session may run an action under its organization's OTP policy",
    request: consumeOtpTokenCommand,
    reply: z.object({ required: z.boolean() }),
  }),
  set_otp_preferences: defineCommand({
    name: 'identity.set_otp_preferences',
    summary: "set the account's OTP channels, preferred first (owners only)",
    request: setOtpPreferencesCommand,
    reply: replies.otpPreferences,
  }),
  get_otp_preferences: defineCommand({
    name: 'identity.get_otp_preferences',
    summary: "the account's OTP channels and its organization's policy",
    request: getOtpPreferencesCommand,
    reply: replies.otpPreferences,
  }),
  enroll_totp: defineCommand({
    name: 'identity.enroll_totp',
    summary: "start enrolling the member's authenticator app",
    request: enrollTotpCommand,
    reply: replies.totpEnrollment,
  }),
  confirm_totp: defineCommand({
    name: 'identity.confirm_totp',
    summary: 'confirm the authenticator app with its current code',
    request: confirmTotpCommand,
    reply: z.object({ status: z.literal('confirmed') }),
  }),
  complete_otp_login: defineCommand({
    name: 'identity.complete_otp_login',
    summary: 'finish an OTP login with its code: a session',
    request: completeOtpLoginCommand,
    reply: replies.memberSession,
  }),
  set_org_otp_policy: defineCommand({
    name: 'identity.set_org_otp_policy',
    summary: "set an organization's OTP policy (operator)",
    request: setOrgOtpPolicyCommand,
    reply: replies.orgOtpPolicyReply,
  }),
} as const;
