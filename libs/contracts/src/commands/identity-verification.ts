import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { ACCOUNT_TYPES, KYC_STATUSES } from '../events/identity';

/**
 * What compliance asks identity about an account it verifies, and how it tells identity the
 * outcome: identity owns `accounts.kyc_status` and the profile fields an approval back-fills.
 */
const id = z.string().min(1).max(200);

export const verificationSubjectQuery = z
  .object({ account_id: id, member_id: id.nullable() })
  .strict();

export const verificationSubject = z.object({
  account_id: z.string(),
  org_id: z.string(),
  org_name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  /** `active`, or anything else: not active (blocked, pending registration). */
  active: z.boolean(),
  kyc_status: z.enum(KYC_STATUSES),
  locale: z.string(),
  /** The member has a confirmed authenticator app or a registered passkey; false for no member. */
  second_factor_enrolled: z.boolean(),
});
export type VerificationSubject = z.infer<typeof verificationSubject>;

/** The identity an approval verified: a person's names or a company's legal name. */
export const verifiedIdentity = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  legal_name: z.string().nullable(),
  doc_id: z.string(),
  country: z.string(),
});
export type VerifiedIdentity = z.infer<typeof verifiedIdentity>;

export const applyVerificationStatusCommand = z
  .object({
    account_id: id,
    kyc_status: z.enum(KYC_STATUSES),
    /** On approval: back-fills display_name, tax_id and country (spec §2). */
    verified: verifiedIdentity.nullable(),
  })
  .strict();
export type ApplyVerificationStatusCommand = z.infer<typeof applyVerificationStatusCommand>;

export const IDENTITY_VERIFICATION_COMMANDS = {
  get_subject: defineCommand({
    name: 'identity.get_verification_subject',
    summary: 'what compliance needs to know about an account it verifies',
    request: verificationSubjectQuery,
    reply: verificationSubject,
  }),
  apply_status: defineCommand({
    name: 'identity.apply_verification_status',
    summary: 'compliance’s verification outcome: kyc_status, and the back-fill on approval',
    request: applyVerificationStatusCommand,
    reply: z.object({ account_id: z.string(), kyc_status: z.enum(KYC_STATUSES) }),
  }),
} as const;
