import { z } from 'zod';

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

export const IDENTITY_COMMANDS = {
  create_organization: 'identity.create_organization',
  list_organizations: 'identity.list_organizations',
  create_org_admin: 'identity.create_org_admin',
  list_org_admins: 'identity.list_org_admins',
} as const;
