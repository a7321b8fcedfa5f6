import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_COMMANDS,
  ACCOUNT_SETTINGS_COMMANDS,
  profileChangesField,
  securityEvent,
  type ProfileChanges,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
  ApiPagination,
} from '../http';
import { accountListing } from './account-listing';
import {
  actorOf,
  CurrentPrincipal,
  personOf,
  type AuthenticatedPrincipal,
  type Principal,
} from '../auth/principal';
import { clientInfoOf } from './client-info';
import { ManagesCredentials, RequireCredentialLevel, RequireRole } from '../auth/access.decorators';
import { CurrentCaller } from './events/stream-caller';

/** The authenticated account and its sessions (spec §4 "Account", "Authentication and session"). */
@ApiTags('account')
@ApiCredentials()
@Controller('v1/me')
export class MeController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({
    summary: 'The account profile',
    description:
      '`status` is `active`, or `blocked` when the platform operator blocked the account: a ' +
      'blocked account may still read (GET), refresh and sign out; every other request answers ' +
      '403 `account_blocked`.',
  })
  @ApiReply(ACCOUNT_COMMANDS.get_profile)
  profile(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id: principal.account_id });
  }

  @Patch()
  @ApiOperation({ summary: 'Change profile fields' })
  @ApiReply(ACCOUNT_COMMANDS.update_profile)
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
  @ApiPagination()
  @RequireCredentialLevel('account_or_org_admin')
  @ApiReply(listingPage('events', securityEvent))
  @ApiOperation({
    summary: 'Security events, newest first',
    description:
      "The account's sign-ins, sign-outs, password resets and `refresh_token_reuse` (a used " +
      'refresh token presented again: its whole chain was revoked). Account data: API keys may ' +
      "read it too. An organization admin reads its own sessions' events (`refresh_token_reuse`).",
  })
  async securityEvents(
    @CurrentCaller() caller: AuthenticatedPrincipal,
    @Query() query: PaginationQuery,
  ) {
    if (caller.kind !== 'org_admin')
      return accountListing(this.bus, {
        command: ACCOUNT_COMMANDS.list_security_events,
        collection: 'events',
        principal: caller,
        query,
      });
    const pagination = parsePagination(query);
    const reply = await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.list_org_admin_security_events, {
      admin_id: caller.admin_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('events', pagination, reply.events);
  }

  /**
   * The id is a session's `sid`; another member's or account's session is `not_found`. An
   * organization admin signs out its own sessions here too.
   */
  @Delete('sessions/:id')
  @ManagesCredentials()
  // Signing oneself out is every member's right, viewers' too.
  @RequireRole('viewer')
  @RequireCredentialLevel('account_or_org_admin')
  @ApiReply(ACCOUNT_COMMANDS.revoke_session)
  @ApiOperation({
    summary: 'Sign out a session',
    description:
      "`id` is the session's id (the access token's `sid`). Answers `{session_id, status: " +
      "revoked}`; its access and refresh tokens stop working at once. Another member's, " +
      "account's or admin's session, or an unknown one, is 404 `not_found`. Organization " +
      'admins sign out their own sessions the same way.',
  })
  revokeSession(
    @CurrentCaller() caller: AuthenticatedPrincipal,
    @Param('id') session_id: string,
    @Req() request: FastifyRequest,
  ) {
    if (caller.kind === 'org_admin')
      return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.revoke_org_admin_session, {
        admin_id: caller.admin_id,
        session_id,
      });
    return this.bus.send(ACCOUNT_COMMANDS.revoke_session, {
      actor: actorOf(personOf(caller)),
      session_id,
      client: clientInfoOf(request),
    });
  }

  @Post('sessions/revoke-all')
  @ManagesCredentials()
  @RequireRole('viewer')
  @RequireCredentialLevel('account_or_org_admin')
  @HttpCode(200)
  @ApiReply(ACCOUNT_COMMANDS.revoke_all_sessions)
  @ApiOperation({
    summary: 'Sign out every session',
    description:
      "Answers `{revoked}`, the number of live sessions ended: the member's own, or, for an " +
      'organization admin, every session of that admin.',
  })
  revokeAll(@CurrentCaller() caller: AuthenticatedPrincipal, @Req() request: FastifyRequest) {
    if (caller.kind === 'org_admin')
      return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.revoke_all_org_admin_sessions, {
        admin_id: caller.admin_id,
      });
    return this.bus.send(ACCOUNT_COMMANDS.revoke_all_sessions, {
      actor: actorOf(personOf(caller)),
      client: clientInfoOf(request),
    });
  }
}
