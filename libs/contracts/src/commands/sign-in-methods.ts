import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { actingAccountField, clientInfoField } from './accounts';
import * as replies from './identity-replies';

/**
 * Identity's passwordless sign-in methods: passkeys (WebAuthn), social login by ID-token
 * exchange (spec §5 rule 10) and the live-to-test environment handoff (spec §1, §4).
 */

/**
 * A WebAuthn credential as browsers serialize it (`PublicKeyCredential.toJSON()`): binary
 * fields are base64url strings. Loose, so fields added by newer browsers do not break sign-in.
 */
export const webAuthnCredentialField = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: z.string().min(1),
    attestationObject: z.string().optional(),
    authenticatorData: z.string().optional(),
    signature: z.string().optional(),
    userHandle: z.string().nullable().optional(),
    transports: z.array(z.string()).optional(),
  }),
  authenticatorAttachment: z.string().nullable().optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type WebAuthnCredential = z.infer<typeof webAuthnCredentialField>;

/** A label shown in the passkey listing, such as "work laptop". */
const passkeyLabelField = z.string().max(60).optional();

/** `identity.begin_passkey_registration`: creation options for `navigator.credentials.create`. */
export const beginPasskeyRegistrationCommand = z.object({ actor: actingAccountField }).strict();
export type BeginPasskeyRegistrationCommand = z.infer<typeof beginPasskeyRegistrationCommand>;

/** `identity.finish_passkey_registration`: the authenticator's attestation. */
export const finishPasskeyRegistrationCommand = z
  .object({
    actor: actingAccountField,
    credential: webAuthnCredentialField,
    label: passkeyLabelField,
  })
  .strict();
export type FinishPasskeyRegistrationCommand = z.infer<typeof finishPasskeyRegistrationCommand>;

/** `identity.list_passkeys`: the signed-in member's passkeys, newest first. */
export const listPasskeysCommand = z
  .object({
    actor: actingAccountField,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListPasskeysCommand = z.infer<typeof listPasskeysCommand>;

/** `identity.delete_passkey`: another member's or account's passkey is `not_found`. */
export const deletePasskeyCommand = z
  .object({ actor: actingAccountField, passkey_id: z.string() })
  .strict();
export type DeletePasskeyCommand = z.infer<typeof deletePasskeyCommand>;

/** `identity.begin_passkey_login` (public): request options for `navigator.credentials.get`. */
export const beginPasskeyLoginCommand = z
  .object({ org: z.string(), email: z.string().optional() })
  .strict();
export type BeginPasskeyLoginCommand = z.infer<typeof beginPasskeyLoginCommand>;

/** `identity.finish_passkey_login` (public): the assertion; answers a session. */
export const finishPasskeyLoginCommand = z
  .object({
    org: z.string(),
    credential: webAuthnCredentialField,
    client: clientInfoField.optional(),
  })
  .strict();
export type FinishPasskeyLoginCommand = z.infer<typeof finishPasskeyLoginCommand>;

/** `identity.social_login` (public): an identity provider's ID token for a session. */
export const socialLoginCommand = z
  .object({
    provider: z.string(),
    id_token: z.string(),
    org: z.string(),
    /** For a sign-up: `person` (default) or `company`. */
    type: z.string().optional(),
    /** For a sign-up: defaults to the token's name, else the email's local part. */
    display_name: z.string().optional(),
    client: clientInfoField.optional(),
  })
  .strict();
export type SocialLoginCommand = z.infer<typeof socialLoginCommand>;

/** `identity.link_social_identity`: adds a provider identity to the signed-in member. */
export const linkSocialIdentityCommand = z
  .object({ actor: actingAccountField, provider: z.string(), id_token: z.string() })
  .strict();
export type LinkSocialIdentityCommand = z.infer<typeof linkSocialIdentityCommand>;

/** `identity.list_social_identities`: the signed-in member's linked providers. */
export const listSocialIdentitiesCommand = z.object({ actor: actingAccountField }).strict();
export type ListSocialIdentitiesCommand = z.infer<typeof listSocialIdentitiesCommand>;

/** `identity.unlink_social_identity`: never the member's last way to sign in. */
export const unlinkSocialIdentityCommand = z
  .object({ actor: actingAccountField, provider: z.string() })
  .strict();
export type UnlinkSocialIdentityCommand = z.infer<typeof unlinkSocialIdentityCommand>;

/** `identity.issue_environment_handoff` (live): a single-use 60-second token. */
export const issueEnvironmentHandoffCommand = z.object({ actor: actingAccountField }).strict();
export type IssueEnvironmentHandoffCommand = z.infer<typeof issueEnvironmentHandoffCommand>;

/** `identity.redeem_environment_handoff` (test, public): the token for a test session. */
export const redeemEnvironmentHandoffCommand = z
  .object({ token: z.string(), client: clientInfoField.optional() })
  .strict();
export type RedeemEnvironmentHandoffCommand = z.infer<typeof redeemEnvironmentHandoffCommand>;

/** Identity's passwordless sign-in commands: passkeys, social login, environment handoff. */
export const SIGN_IN_COMMANDS = {
  begin_passkey_registration: defineCommand({
    name: 'identity.begin_passkey_registration',
    summary: 'creation options for a new passkey of the signed-in member',
    request: beginPasskeyRegistrationCommand,
    reply: replies.passkeyCreationOptions,
  }),
  finish_passkey_registration: defineCommand({
    name: 'identity.finish_passkey_registration',
    summary: "store a passkey from the authenticator's attestation",
    request: finishPasskeyRegistrationCommand,
    reply: replies.passkeyListing,
  }),
  list_passkeys: defineCommand({
    name: 'identity.list_passkeys',
    summary: "the signed-in member's passkeys, newest first",
    request: listPasskeysCommand,
    reply: z.object({ passkeys: z.array(replies.passkeyListing) }),
  }),
  delete_passkey: defineCommand({
    name: 'identity.delete_passkey',
    summary: 'remove a passkey, never the last way to sign in',
    request: deletePasskeyCommand,
    reply: z.object({ id: z.string(), deleted: z.literal(true) }),
  }),
  begin_passkey_login: defineCommand({
    name: 'identity.begin_passkey_login',
    summary: 'request options for a passkey sign-in',
    request: beginPasskeyLoginCommand,
    reply: replies.passkeyRequestOptions,
  }),
  finish_passkey_login: defineCommand({
    name: 'identity.finish_passkey_login',
    summary: 'a passkey assertion for a session',
    request: finishPasskeyLoginCommand,
    reply: replies.memberSession,
  }),
  social_login: defineCommand({
    name: 'identity.social_login',
    summary: "an identity provider's ID token for a session, signing up when new",
    request: socialLoginCommand,
    reply: z.union([replies.memberSession, replies.otpLoginRequired]),
  }),
  link_social_identity: defineCommand({
    name: 'identity.link_social_identity',
    summary: 'add a provider identity to the signed-in member',
    request: linkSocialIdentityCommand,
    reply: z.object({ provider: z.enum(replies.SOCIAL_PROVIDERS), email: z.string().nullable() }),
  }),
  list_social_identities: defineCommand({
    name: 'identity.list_social_identities',
    summary: "the signed-in member's linked providers, newest first",
    request: listSocialIdentitiesCommand,
    reply: z.object({ identities: z.array(replies.linkedIdentity) }),
  }),
  unlink_social_identity: defineCommand({
    name: 'identity.unlink_social_identity',
    summary: 'remove a linked provider, never the last way to sign in',
    request: unlinkSocialIdentityCommand,
    reply: z.object({ provider: z.enum(replies.SOCIAL_PROVIDERS), deleted: z.literal(true) }),
  }),
  issue_environment_handoff: defineCommand({
    name: 'identity.issue_environment_handoff',
    summary: 'live: a single-use token for a session of the same person in test',
    request: issueEnvironmentHandoffCommand,
    reply: replies.environmentHandoff,
  }),
  redeem_environment_handoff: defineCommand({
    name: 'identity.redeem_environment_handoff',
    summary: 'test: a handoff token for a session',
    request: redeemEnvironmentHandoffCommand,
    reply: replies.memberSession,
  }),
} as const;
