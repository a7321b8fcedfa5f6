import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_SETTINGS_COMMANDS, DomainError, mailboxMessage } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  listingPage,
  pageBody,
  type PaginationQuery,
  parsePagination,
} from '../../http';
import { CurrentPrincipal, memberIdOf, type Principal } from '../../auth/principal';

/** Decisions D3: the sandbox serves the messages the platform kept instead of sending them. */
@ApiTags('sandbox')
@ApiCredentials()
@Controller('v1/sandbox/mailbox')
export class MailboxController {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly bus: BusClient,
  ) {}

  @Get()
  @ApiPagination()
  @ApiReply(listingPage('messages', mailboxMessage))
  @ApiOperation({
    summary: 'Your sandbox mailbox (test environment only)',
    description:
      'Messages the platform kept instead of sending them (verification and reset codes, ' +
      'notices), newest first: `{page, page_size, has_more, messages: [{message_id, channel, recipient, ' +
      'subject, body, created_at, ...}]}`. A member sees the messages sent to its own addresses ' +
      '(its sign-in email and a pending new email), among the newest 1,000 of the account; an ' +
      'API key, which acts for the account, sees all of the account. The live environment ' +
      'answers 404 `not_found`. With a real message sender configured, the mailbox stays empty.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    if (this.context.environment !== 'test') throw new DomainError('not_found', 'no such route');
    const pagination = parsePagination(query);
    const reply = await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.list_own_mailbox, {
      account_id: principal.account_id,
      member_id: memberIdOf(principal),
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('messages', pagination, reply.messages);
  }
}
