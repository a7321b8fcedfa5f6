import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ACCOUNT_COMMANDS, apiKeyListing } from '@platform/contracts';
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

const issueBody = z.object({ label: z.string().optional() }).strict();

/**
 * API keys of the authenticated account (spec §2, decisions D4). Owners issue and revoke; every
 * route here is a person's: an API key never issues, lists or revokes keys (decisions D12).
 */
@ApiTags('api-keys')
@ApiCredentials()
@Controller('v1/api-keys')
export class ApiKeysController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @ApiOperation({ summary: 'Issue an API key; its token is shown once' })
  @ManagesCredentials()
  @RequireOtp('api_key.create')
  @RequireRole('owner')
  @HttpCode(201)
  @ApiReply(ACCOUNT_COMMANDS.issue_api_key, 201)
  @ApiZodBody(issueBody, 'the token is in this answer only')
  issue(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(issueBody) body: z.infer<typeof issueBody>,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.issue_api_key, {
      actor: actorOf(principal),
      role: principal.role,
      ...body,
    });
  }

  @Get()
  @ManagesCredentials()
  @ApiReply(listingPage('api_keys', apiKeyListing))
  @ApiOperation({
    summary: "The account's API keys, newest first",
    description:
      'Every member may list them; the secrets are never shown again. An inventory of ' +
      'credentials, so API keys themselves cannot read it (403 `session_required`).',
  })
  @ApiPagination()
  list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    return accountListing(this.bus, {
      command: ACCOUNT_COMMANDS.list_api_keys,
      collection: 'api_keys',
      principal,
      query,
    });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke an API key' })
  @ManagesCredentials()
  @RequireRole('owner')
  @ApiReply(ACCOUNT_COMMANDS.revoke_api_key)
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') api_key_id: string) {
    return this.bus.send(ACCOUNT_COMMANDS.revoke_api_key, {
      actor: actorOf(principal),
      role: principal.role,
      api_key_id,
    });
  }
}
