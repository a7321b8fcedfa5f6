import { Module } from '@nestjs/common';
import { ContactsController } from './contacts.controller';

/** The accounts' address books (`/v1/contacts`). */
@Module({ controllers: [ContactsController] })
export class ContactsApiModule {}
