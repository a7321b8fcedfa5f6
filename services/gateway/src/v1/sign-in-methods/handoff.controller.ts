import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGN_IN_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireRole } from '../../auth/access.decorators';
import { Public } from '../../auth/public.decorator';
import { actorOf, CurrentPrincipal, type Principal } from '../../auth/principal';
import { clientInfoOf } from '../client-info';

const emptyBody = z.object({}).strict().optional();
const redeemBody = z.object({ token: z.string() }).strict();

/** The environment handoff (spec §1 Environments, §4, §8). */
@ApiTags('auth')
@Controller('v1/auth')
export class HandoffController {
  constructor(private readonly bus: BusClient) {}

  @Post('environment-handoff')
  @HttpCode(201)
  @ApiReply(SIGN_IN_COMMANDS.issue_environment_handoff, 201)
  @ApiCredentials()
  // It issues a session in the test environment: a credential (decisions D12).
  @ManagesCredentials()
  // Every member manages their own sign-in, viewers included.
  @RequireRole('viewer')
  @ApiOperation({
    summary: 'Live: issue a handoff token to the test environment',
    description:
      'A user session of the live environment (an API key is 403 `session_required`) gets ' +
      '`{handoff_token, expires_at}`: single use, valid 60 seconds, to exchange at ' +
      '`POST {test_base_url}/v1/auth/handoff`. In the test environment this route is 404 ' +
      '`not_found`. The body is optional and empty.',
  })
  issue(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(emptyBody) _body: z.infer<typeof emptyBody>,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.issue_environment_handoff, {
      actor: actorOf(principal),
    });
  }

  @Post('handoff')
  @HttpCode(200)
  @ApiReply(SIGN_IN_COMMANDS.redeem_environment_handoff)
  @Public()
  @ApiOperation({
    summary: 'Test: exchange a handoff token for a test session',
    description:
      'Answers a session of the same person (organization slug and email) in the test ' +
      'environment. A person new to test gets a test account there, approved like any ' +
      'confirmed test account, that signs in without a password (or by handoff again). A bad, ' +
      'expired or live-presented token is 401 `invalid_handoff`; a token already exchanged is ' +
      '401 `handoff_replayed`; an organization missing from test is 400 `unknown_org`. Live ' +
      'already signed the person in, so the test login OTP policy adds no code.',
  })
  @ApiZodBody(redeemBody)
  redeem(
    @ValidatedBody(redeemBody) body: z.infer<typeof redeemBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(SIGN_IN_COMMANDS.redeem_environment_handoff, {
      token: body.token,
      client: clientInfoOf(request),
    });
  }
}
