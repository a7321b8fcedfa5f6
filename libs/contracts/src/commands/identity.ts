import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import * as replies from './identity-replies';

/** `identity.create_organization` (operator): decisions D2. Defaults are the domain's. */
export const createOrganizationCommand = z
  .object({
    slug: z.string(),
    name: z.string(),
    timezone: z.string().optional(),
    locale: z.string().optional(),
    otp_channel_floor: z.string().optional(),
    login_otp_required: z.boolean().optional(),
    branding: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type CreateOrganizationCommand = z.infer<typeof createOrganizationCommand>;

/** `identity.create_org_admin` (operator): an organization admin who signs in like anyone. */
export const createOrgAdminCommand = z
  .object({ org: z.string(), email: z.string(), password: z.string() })
  .strict();
export type CreateOrgAdminCommand = z.infer<typeof createOrgAdminCommand>;

/** `identity.list_org_admins` (operator). */
export const listOrgAdminsCommand = z.object({ org: z.string() }).strict();
export type ListOrgAdminsCommand = z.infer<typeof listOrgAdminsCommand>;

/** `identity.block_account` (operator): `reason` is the operator's note, kept with the block. */
export const blockAccountCommand = z
  .object({ account_id: z.string(), reason: z.string().optional() })
  .strict();
export type BlockAccountCommand = z.infer<typeof blockAccountCommand>;

/** `identity.unblock_account` (operator). */
export const unblockAccountCommand = z.object({ account_id: z.string() }).strict();
export type UnblockAccountCommand = z.infer<typeof unblockAccountCommand>;

/** The operator's organization and account commands (decisions D2). */
export const IDENTITY_COMMANDS = {
  create_organization: defineCommand({
    name: 'identity.create_organization',
    summary: 'create an organization (operator)',
    request: createOrganizationCommand,
    reply: replies.organizationReply,
  }),
  list_organizations: defineCommand({
    name: 'identity.list_organizations',
    summary: 'every organization of the environment',
    request: z.object({}).strict(),
    reply: z.object({ organizations: z.array(replies.organizationReply) }),
  }),
  create_org_admin: defineCommand({
    name: 'identity.create_org_admin',
    summary: 'create an organization admin (operator)',
    request: createOrgAdminCommand,
    reply: replies.orgAdminReply,
  }),
  list_org_admins: defineCommand({
    name: 'identity.list_org_admins',
    summary: "an organization's admins, oldest first (operator)",
    request: listOrgAdminsCommand,
    reply: z.object({ admins: z.array(replies.orgAdminReply) }),
  }),
  block_account: defineCommand({
    name: 'identity.block_account',
    summary: 'block an account: it may still read and sign out, nothing else (operator)',
    request: blockAccountCommand,
    reply: replies.accountBlockState,
  }),
  unblock_account: defineCommand({
    name: 'identity.unblock_account',
    summary: 'make a blocked account active again (operator)',
    request: unblockAccountCommand,
    reply: replies.accountBlockState,
  }),
} as const;

/* ---------------- What other services ask identity about organizations and accounts ---------------- */

const id = z.string().min(1).max(200);

/**
 * `identity.get_org_settings`: `{org_id, slug, timezone, locale}`, plus the profile locale of
 * `account_id` when given (for the locale order of human-facing documents, spec §1).
 */
export const getOrgSettingsQuery = z.object({ org_id: id, account_id: id.optional() }).strict();
export type GetOrgSettingsQuery = z.infer<typeof getOrgSettingsQuery>;

/**
 * `identity.resolve_recipient`: accounts of the organization matching an account id, an email, or
 * a verified E.164 phone (phones are not unique: several matches are `recipient_ambiguous`).
 */
export const resolveRecipientQuery = z
  .object({
    org_id: id,
    account_id: id.optional(),
    email: z.string().max(320).optional(),
    phone: z.string().max(16).optional(),
  })
  .strict();
export type ResolveRecipientQuery = z.infer<typeof resolveRecipientQuery>;

export const IDENTITY_DIRECTORY_QUERIES = {
  get_org_settings: defineCommand({
    name: 'identity.get_org_settings',
    summary: "an organization's timezone and locales, and an account's profile locale",
    request: getOrgSettingsQuery,
    reply: replies.orgSettingsReply,
  }),
  resolve_recipient: defineCommand({
    name: 'identity.resolve_recipient',
    summary: 'accounts of an organization matching an account id, an email or a verified phone',
    request: resolveRecipientQuery,
    reply: z.object({ matches: z.array(replies.recipientMatch) }),
  }),
} as const;
