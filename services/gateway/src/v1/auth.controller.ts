import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_COMMANDS,
  completeOtpLoginCommand,
  OTP_COMMANDS,
  confirmRegistrationCommand,
  forgotPasswordCommand,
  resetPasswordCommand,
  loginCommand,
  refreshSessionCommand,
  registerAccountCommand,
  type RegisterAccountCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ApiZodBody, ValidatedBody } from '../http';
import { Public } from '../auth/public.decorator';
import { clientInfoOf } from './client-info';

const confirmBody = confirmRegistrationCommand.omit({ client: true });
const loginBody = loginCommand.omit({ client: true });
const otpLoginBody = completeOtpLoginCommand.omit({ client: true });
const refreshBody = refreshSessionCommand.omit({ client: true, presented_at: true });
const resetBody = resetPasswordCommand.omit({ client: true });

/** Registration and sessions (spec §4 "Authentication and session"); all public. */
@ApiTags('auth')
@Public()
@Controller('v1/auth')
export class AuthController {
  constructor(private readonly bus: BusClient) {}

  @Post('register')
  @ApiOperation({ summary: 'Register a person or company; a verification code is sent by email' })
  @HttpCode(201)
  @ApiReply(ACCOUNT_COMMANDS.register_account, 201)
  @ApiZodBody(
    registerAccountCommand,
    'verify-first registration: creates no session. A new email and one that already has an ' +
      'account get the same 201 body in the same time (the answer waits for a fixed delay after ' +
      'the password hash either way); the owner of a taken email is sent a notice instead of a code',
  )
  register(@ValidatedBody(registerAccountCommand) body: RegisterAccountCommand) {
    return this.bus.send(ACCOUNT_COMMANDS.register_account, body);
  }

  @Post('register/confirm')
  @ApiOperation({
    summary: 'Confirm a registration with the emailed code; answers a session',
    description:
      'In the sandbox the account is approved and, by the time this answers, has a demo ' +
      'history: credited bank-transfer payins and completed payouts of the past 28 days ' +
      '(10,100.00 USD and 1,100.000000 USDT available), ordinary records listed by ' +
      '`GET /v1/payins` and `GET /v1/payouts` with receipts, whose movements name them in ' +
      '`reference_id`. They are made once per account and publish no webhooks or events. Live ' +
      'accounts start empty.',
  })
  @HttpCode(200)
  @ApiReply(ACCOUNT_COMMANDS.confirm_registration)
  @ApiZodBody(confirmBody, 'the emailed code; returns the first session with the account')
  confirm(
    @ValidatedBody(confirmBody) body: z.infer<typeof confirmBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.confirm_registration, {
      ...body,
      client: clientInfoOf(request),
    });
  }

  @Post('login')
  @ApiOperation({ summary: 'Sign in with email and password' })
  @HttpCode(200)
  @ApiReply(ACCOUNT_COMMANDS.login)
  @ApiZodBody(
    loginBody,
    'returns the session, or, when the organization requires OTP at login, ' +
      '{otp_required: true, pending_token, channel, expires_at} to finish at /v1/auth/login/otp ' +
      '(403 phone_binding_cooldown when only a phone linked under 24 hours ago could carry the code)',
  )
  login(@ValidatedBody(loginBody) body: z.infer<typeof loginBody>, @Req() request: FastifyRequest) {
    return this.bus.send(ACCOUNT_COMMANDS.login, { ...body, client: clientInfoOf(request) });
  }

  @Post('login/otp')
  @ApiOperation({ summary: 'Finish a sign-in that needs a one-time code' })
  @HttpCode(200)
  @ApiReply(OTP_COMMANDS.complete_otp_login)
  @ApiZodBody(
    otpLoginBody,
    'finishes a login that answered {otp_required, pending_token, channel}: returns the session; ' +
      '401 invalid_pending_token when unknown, used or expired (10 minutes), 401 invalid_code for ' +
      'a wrong code, 429 too_many_attempts at the 5th',
  )
  loginOtp(
    @ValidatedBody(otpLoginBody) body: z.infer<typeof otpLoginBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(OTP_COMMANDS.complete_otp_login, {
      ...body,
      client: clientInfoOf(request),
    });
  }

  @Post('refresh')
  @ApiOperation({ summary: 'Exchange a refresh token for a new session' })
  @HttpCode(200)
  @ApiReply(ACCOUNT_COMMANDS.refresh_session)
  @ApiZodBody(
    refreshBody,
    'single use: answers a new pair, and the previous access token of that session stops ' +
      "working; an organization admin's refresh token answers a new admin session the same way. " +
      'A token presented again after its exchange answered is a replay: the whole chain (every ' +
      'token and the session) is revoked and `refresh_token_reuse` recorded in ' +
      '`GET /v1/me/security/events`. Two exchanges of one token in flight at once are a race: ' +
      'one wins, the other gets 401 `invalid_refresh_token` and nothing is revoked. Every ' +
      'rejection is 401 `invalid_refresh_token`',
  )
  refresh(
    @ValidatedBody(refreshBody) body: z.infer<typeof refreshBody>,
    @Req() request: FastifyRequest,
  ) {
    // Taken first: a twin exchange still queued behind this one must count as in flight.
    const presented_at = new Date().toISOString();
    return this.bus.send(ACCOUNT_COMMANDS.refresh_session, {
      ...body,
      client: clientInfoOf(request),
      presented_at,
    });
  }

  @Post('password/forgot')
  @ApiOperation({ summary: 'Send a password recovery code (the same answer for any email)' })
  @HttpCode(200)
  @ApiReply(ACCOUNT_COMMANDS.forgot_password)
  @ApiZodBody(
    forgotPasswordCommand,
    'always the same answer, whether or not the email has an account',
  )
  forgotPassword(
    @ValidatedBody(forgotPasswordCommand) body: z.infer<typeof forgotPasswordCommand>,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.forgot_password, body);
  }

  @Post('password/reset')
  @ApiOperation({ summary: 'Set a new password with the recovery code' })
  @HttpCode(200)
  @ApiReply(ACCOUNT_COMMANDS.reset_password)
  @ApiZodBody(resetBody, 'the emailed code; signs every session out')
  resetPassword(
    @ValidatedBody(resetBody) body: z.infer<typeof resetBody>,
    @Req() request: FastifyRequest,
  ) {
    return this.bus.send(ACCOUNT_COMMANDS.reset_password, {
      ...body,
      client: clientInfoOf(request),
    });
  }
}
