import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  CONTACTS_COMMANDS,
  contactResource,
  importContactsBody,
  importContactsReply,
  type ImportContactsBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
} from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

/** The account's address book; transfers and payouts take a `contact_id` from it. */
@ApiTags('contacts')
@ApiCredentials()
@Controller('v1/contacts')
export class ContactsController {
  constructor(private readonly bus: BusClient) {}

  @Post('import')
  @HttpCode(200)
  @ApiZodBody(importContactsBody)
  @ApiReply(importContactsReply)
  @ApiOperation({
    summary: 'Import contacts',
    description:
      'Adds up to 1,000 contacts `{name, email?, phone? (E.164), account_id?, destination?}` in ' +
      'one transaction: all or none. A contact whose email (or, without an email, phone) is ' +
      'already in the book replaces that one (`updated`); the others are new (`created`). ' +
      '`account_id` links an account of the organization: `POST /v1/transfers` with ' +
      '`contact_id` sends there (422 `contact_not_linked` without one). `destination` ' +
      '`{country, currency, method, beneficiary}` is saved for payouts: `POST /v1/payouts` with ' +
      '`contact_id` fills what the body leaves out (422 `no_saved_destination` without one). ' +
      'More than 1,000 contacts: 400 `batch_too_large`; an `account_id` of no account of the ' +
      'organization: 400 `invalid_request` naming the row; nothing is imported either way.',
  })
  @ApiErrors('invalid_json', 'invalid_request', 'batch_too_large', 'unauthorized')
  import(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(importContactsBody) body: ImportContactsBody,
  ) {
    return this.bus.send(CONTACTS_COMMANDS.import_contacts, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      contacts: body.contacts,
    });
  }

  @Get()
  @ApiPagination()
  @ApiQuery({ name: 'q', required: false, description: 'part of a name, email or phone' })
  @ApiReply(listingPage('contacts', contactResource))
  @ApiOperation({
    summary: 'The account’s contacts',
    description:
      '`{page, page_size, has_more, contacts: [...]}` by name; `q` filters by name, email or phone.',
  })
  @ApiErrors('unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PaginationQuery & { q?: unknown },
  ) {
    const pagination = parsePagination(query);
    const q =
      typeof query.q === 'string' && query.q.trim() ? query.q.trim().slice(0, 200) : undefined;
    const reply = await this.bus.send(CONTACTS_COMMANDS.list_contacts, {
      account_id: principal.account_id,
      limit: pagination.limit,
      offset: pagination.offset,
      ...(q ? { q } : {}),
    });
    return pageBody('contacts', pagination, reply.contacts);
  }

  @Get(':id')
  @ApiReply(contactResource)
  @ApiOperation({
    summary: 'One contact',
    description: "Another account's contact, or an unknown id: 404 `not_found`.",
  })
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') contact_id: string) {
    return this.bus.send(CONTACTS_COMMANDS.get_contact, {
      account_id: principal.account_id,
      contact_id: contact_id.slice(0, 200),
    });
  }
}
