import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ACCOUNT_COMMANDS, createMemberCommand, memberListing } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  listingPage,
  type PaginationQuery,
  ValidatedBody,
} from '../http';
import { accountListing } from './account-listing';
import { actorOf, CurrentPrincipal, type Principal } from '../auth/principal';
import { ManagesCredentials, RequireOtp, RequireRole } from '../auth/access.decorators';

const createBody = createMemberCommand.shape.member;

/** Members of a company account (spec §2, §5 rule 7). */
@ApiTags('members')
@ApiCredentials()
@Controller('v1/members')
export class MembersController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @ApiOperation({ summary: 'Create a member of a company account' })
  @ManagesCredentials()
  @RequireOtp('member.create')
  @RequireRole('owner')
  @HttpCode(201)
  @ApiReply(ACCOUNT_COMMANDS.create_member, 201)
  @ApiZodBody(createBody, 'company accounts only; the member signs in at once')
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createBody) body: z.infer<typeof createBody>,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.create_member, {
      actor: actorOf(principal),
      role: principal.role,
      member: body,
    });
  }

  @Get()
  @ApiReply(listingPage('members', memberListing))
  @ApiOperation({
    summary: "The account's members, newest first",
    description:
      'Account data: every member and the account’s API keys may read it (an integration ' +
      'keeping a back office in step). Creating and changing members is a person’s: API keys ' +
      'are refused there (see `POST /v1/members`).',
  })
  @ApiPagination()
  list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    return accountListing(this.bus, {
      command: ACCOUNT_COMMANDS.list_members,
      collection: 'members',
      principal,
      query,
    });
  }
}
