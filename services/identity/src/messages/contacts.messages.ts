import { Controller } from '@nestjs/common';
import {
  CONTACTS_COMMANDS,
  type GetContactCommand,
  type ImportContactsCommand,
  type ListContactsCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { ContactsService } from '../application/contacts.service';
import { ChangesNothing } from './forget-reads.interceptor';

/** The accounts' address books. */
@Controller()
export class ContactsMessages {
  constructor(private readonly contacts: ContactsService) {}

  @Handles(CONTACTS_COMMANDS.import_contacts)
  import(command: ImportContactsCommand) {
    return this.contacts.import(command);
  }

  @Handles(CONTACTS_COMMANDS.list_contacts)
  @ChangesNothing()
  list(query: ListContactsCommand) {
    return this.contacts.list(query);
  }

  @Handles(CONTACTS_COMMANDS.get_contact)
  @ChangesNothing()
  get(query: GetContactCommand) {
    return this.contacts.get(query);
  }
}
