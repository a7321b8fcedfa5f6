import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type ContactResource,
  type GetContactCommand,
  type ImportContactsCommand,
  type ImportContactsReply,
  type ListContactsCommand,
} from '@platform/contracts';
import { checkImportSize, contactFields, refuseForeignLinks } from '../domain/contact';
import { ContactsRepository } from '../infrastructure/contacts.repository';

/** Each account's address book: imported, listed, and read by the services that pay contacts. */
@Injectable()
export class ContactsService {
  constructor(private readonly contacts: ContactsRepository) {}

  async import(command: ImportContactsCommand): Promise<ImportContactsReply> {
    checkImportSize(command.contacts.length);
    const rows = command.contacts.map(contactFields);
    const linked = rows.flatMap((row) => (row.linked_account_id ? [row.linked_account_id] : []));
    refuseForeignLinks(rows, await this.contacts.accountsOfOrg(command.org_id, linked));
    return this.contacts.import(command.account_id, rows);
  }

  async list(query: ListContactsCommand): Promise<{ contacts: ContactResource[] }> {
    return {
      contacts: await this.contacts.list(query.account_id, query.limit, query.offset, query.q),
    };
  }

  async get(query: GetContactCommand): Promise<ContactResource> {
    const contact = await this.contacts.find(query.account_id, query.contact_id);
    if (!contact) throw new DomainError('not_found', 'contact not found');
    return contact;
  }
}
