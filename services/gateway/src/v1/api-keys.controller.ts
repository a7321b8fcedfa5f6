import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ACCOUNT_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiZodBody,
  ValidatedBody,
  type PaginationQuery,
  ApiPagination,
} from '../http';
import { accountListing } from './account-listing';
import { actorOf, CurrentPrincipal, type Principal } from '../auth/principal';
import { RequireOtp, RequireRole } from '../auth/access.decorators';

const issueBody = z.object({ label: z.string().optional() }).strict();

/** API keys of the authenticated account (spec §2, decisions D4). Owners issue and revoke. */
@ApiTags('api-keys')
@ApiCredentials()
@Controller('v1/api-keys')
export class ApiKeysController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @RequireOtp('api_key.create')
  @RequireRole('owner')
  @HttpCode(201)
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
  @RequireRole('owner')
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') api_key_id: string) {
    return this.bus.send(ACCOUNT_COMMANDS.revoke_api_key, {
      actor: actorOf(principal),
      role: principal.role,
      api_key_id,
    });
  }
}
