import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_COMMANDS, profileChangesField, type ProfileChanges } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiZodBody, ValidatedBody, type PaginationQuery } from '../http';
import { accountListing } from './account-listing';
import { actorOf, CurrentPrincipal, type Principal } from '../auth/principal';
import { clientInfoOf } from './client-info';
import { RequireRole } from '../auth/access.decorators';

/** The authenticated account and its sessions (spec §4 "Account", "Authentication and session"). */
@ApiTags('account')
@ApiCredentials()
@Controller('v1/me')
export class MeController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  profile(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id: principal.account_id });
  }

  @Patch()
  @ApiZodBody(profileChangesField, 'only the changed fields; an empty locale stores en')
  updateProfile(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(profileChangesField) changes: ProfileChanges,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.update_profile, {
      actor: actorOf(principal),
      role: principal.role,
      changes,
    });
  }

  @Get('security/events')
  securityEvents(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    return accountListing(this.bus, {
      command: ACCOUNT_COMMANDS.list_security_events,
      collection: 'events',
      principal,
      query,
    });
  }

  /** The id is a session's `sid`; another member's or account's session is `not_found`. */
  @Delete('sessions/:id')
  // Signing oneself out is every member's right, viewers' too.
  @RequireRole('viewer')
  revokeSession(
    @CurrentPrincipal() principal: Principal,
    @Param('id') session_id: string,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.revoke_session, {
      actor: actorOf(principal),
      session_id,
      client: clientInfoOf(request),
    });
  }

  @Post('sessions/revoke-all')
  @RequireRole('viewer')
  @HttpCode(200)
  revokeAll(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.bus.send(ACCOUNT_COMMANDS.revoke_all_sessions, {
      actor: actorOf(principal),
      client: clientInfoOf(request),
    });
  }
}
