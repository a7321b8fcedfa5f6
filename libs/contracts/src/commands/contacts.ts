import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { DomainError } from '../errors';
import { payoutBeneficiaryField } from './payouts';

/**
 * Contacts: an account's address book. A contact linked to an account of the organization
 * (`account_id`) can be sent transfers; one with a saved payout destination can be paid out to.
 */
export const CONTACTS_IMPORT_MAX = 1_000;

const id = z.string().min(1).max(200);

/** Where a payout to the contact goes: the corridor, the method and the beneficiary. */
export const contactDestination = z
  .object({
    country: z.string().length(2).describe('ISO 3166-1 alpha-2'),
    currency: z.string().length(3).describe('ISO 4217'),
    method: z.string().min(1).max(40).describe('a payout method of the corridor'),
    beneficiary: payoutBeneficiaryField,
  })
  .strict();
export type ContactDestination = z.infer<typeof contactDestination>;

export const contactInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    email: z.email().max(320).optional(),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'an E.164 number such as +14155550100')
      .optional(),
    account_id: z.string().uuid().optional().describe('an account of the organization'),
    destination: contactDestination.optional().describe('the saved payout destination'),
  })
  .strict();
export type ContactInput = z.infer<typeof contactInput>;

/** `POST /v1/contacts/import`; more than 1,000 contacts is `batch_too_large`. */
export const importContactsBody = z.object({ contacts: z.array(contactInput).min(1) }).strict();
export type ImportContactsBody = z.infer<typeof importContactsBody>;

export const importContactsCommand = z
  .object({ account_id: id, org_id: id, contacts: z.array(contactInput) })
  .strict();
export type ImportContactsCommand = z.infer<typeof importContactsCommand>;

export const contactResource = z.object({
  contact_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  account_id: z.string().nullable().describe('the linked account, if any: transfers go there'),
  destination: contactDestination.nullable().describe('the saved payout destination, if any'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactResource = z.infer<typeof contactResource>;

export const importContactsReply = z.object({
  created: z.number().int().describe('new contacts'),
  updated: z.number().int().describe('contacts matched by email or phone and replaced'),
  contacts: z.array(contactResource).describe('every imported contact, in the order sent'),
});
export type ImportContactsReply = z.infer<typeof importContactsReply>;

export const listContactsCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
    q: z.string().max(200).optional(),
  })
  .strict();
export type ListContactsCommand = z.infer<typeof listContactsCommand>;

export const getContactCommand = z.object({ account_id: id, contact_id: id }).strict();
export type GetContactCommand = z.infer<typeof getContactCommand>;

export const CONTACTS_COMMANDS = {
  import_contacts: defineCommand({
    name: 'identity.import_contacts',
    summary: "add contacts to the account's address book (matched by email or phone)",
    request: importContactsCommand,
    reply: importContactsReply,
  }),
  list_contacts: defineCommand({
    name: 'identity.list_contacts',
    summary: "the account's contacts, by name",
    request: listContactsCommand,
    reply: z.object({ contacts: z.array(contactResource) }),
  }),
  get_contact: defineCommand({
    name: 'identity.get_contact',
    summary: "one contact of the account (another account's is not_found)",
    request: getContactCommand,
    reply: contactResource,
  }),
} as const;

/** The account a transfer to the contact goes to: `contact_not_linked` when it has none. */
export function linkedAccountOf(contact: ContactResource): string {
  if (!contact.account_id)
    throw new DomainError('contact_not_linked', 'the contact is not linked to an account');
  return contact.account_id;
}

/** The destination a payout to the contact goes to: `no_saved_destination` when it has none. */
export function savedDestinationOf(contact: ContactResource): ContactDestination {
  if (!contact.destination)
    throw new DomainError('no_saved_destination', 'the contact has no saved payout destination');
  return contact.destination;
}
