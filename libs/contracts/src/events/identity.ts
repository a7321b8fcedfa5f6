import { z } from 'zod';
import { idField, localeField, timezoneField } from './fields';

export const ACCOUNT_TYPES = ['person', 'company'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Identity verification states of spec §3 ("rejected by compliance" is `rejected`). */
export const KYC_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const organizationCreatedSchema = z.object({
  org_id: idField,
  slug: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lower-case letters, digits and hyphens'),
  name: z.string().min(1),
  timezone: timezoneField,
  locale: localeField,
});
export type OrganizationCreated = z.infer<typeof organizationCreatedSchema>;

export const accountRegisteredSchema = z.object({
  account_id: idField,
  org_id: idField,
  type: z.enum(ACCOUNT_TYPES),
  email: z.email(),
});
export type AccountRegistered = z.infer<typeof accountRegisteredSchema>;

export const accountConfirmedSchema = z.object({
  account_id: idField,
  org_id: idField,
  kyc_status: z.enum(KYC_STATUSES),
});
export type AccountConfirmed = z.infer<typeof accountConfirmedSchema>;

/**
 * `identity.announcement_delivered`: an organization admin's announcement reached one account of
 * the organization, in that account's language (plain text: the admin's HTML was stripped).
 */
export const announcementDeliveredSchema = z.object({
  broadcast_id: idField,
  account_id: idField,
  org_id: idField,
  locale: localeField,
  subject: z.string().min(1),
  body: z.string().min(1),
});
export type AnnouncementDelivered = z.infer<typeof announcementDeliveredSchema>;
