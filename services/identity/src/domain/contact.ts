import {
  CONTACTS_IMPORT_MAX,
  DomainError,
  type ContactDestination,
  type ContactInput,
} from '@platform/contracts';

/** A contact as kept: email lower-cased (emails compare that way), nothing absent but null. */
export interface ContactFields {
  name: string;
  email: string | null;
  phone: string | null;
  linked_account_id: string | null;
  destination: ContactDestination | null;
}

/** An import holds 1 to 1,000 contacts; more is `batch_too_large`, and nothing is imported. */
export function checkImportSize(count: number): void {
  if (count > CONTACTS_IMPORT_MAX)
    throw new DomainError(
      'batch_too_large',
      `an import holds at most ${CONTACTS_IMPORT_MAX} contacts; split it`,
    );
}

export function contactFields(input: ContactInput): ContactFields {
  return {
    name: input.name.trim(),
    email: input.email?.toLowerCase() ?? null,
    phone: input.phone ?? null,
    linked_account_id: input.account_id?.toLowerCase() ?? null,
    destination: input.destination ?? null,
  };
}

/** The accounts the rows link that are not of the organization: their rows are refused. */
export function refuseForeignLinks(
  rows: readonly ContactFields[],
  accounts_of_org: ReadonlySet<string>,
): void {
  const index = rows.findIndex(
    (row) => row.linked_account_id !== null && !accounts_of_org.has(row.linked_account_id),
  );
  if (index >= 0)
    throw new DomainError(
      'invalid_request',
      `contacts[${index}].account_id is no account of this organization`,
    );
}
