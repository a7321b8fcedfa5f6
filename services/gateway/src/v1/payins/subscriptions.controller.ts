import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  subscriptionChargeView,
  subscriptionCreateBody,
  SUBSCRIPTIONS_COMMANDS,
  subscriptionView,
  type SubscriptionAction,
  type SubscriptionCreateBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  ValidatedQuery,
  ApiIdempotentReplay,
} from '../../http';
import { RequireCredentialLevel, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';
import { publicBaseUrl } from './public-base-url';
import { SandboxOnlyGuard } from './sandbox-deposits.controller';

const listQuery = z.object({
  status: z.string().optional(),
  page: z.unknown().optional(),
  page_size: z.unknown().optional(),
});
const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

const CREATE_DESCRIPTION = [
  'Charges a stored card (`GET /v1/payins/cards`) `amount` in `currency` every `interval`',
  '(`daily`, `weekly`, `monthly`, `yearly`; otherwise 400 `invalid_interval`), first at',
  '`start_at` (ISO 8601; now when omitted). Later charges keep the start’s wall-clock time and',
  'day of the month in the organization’s time zone; a day the month lacks is its last day',
  '(Jan 31, Feb 28 or 29, Mar 31). Each charge is a card payin of the stored card, emitting the',
  'payin events of any card payin (`payin_credited`...). Needs approved identity verification',
  '(403 `verification_required`). A revoked card: 422 `stored_card_revoked`; a currency other',
  'than the card’s: 422 `stored_card_corridor_mismatch`; another account’s card: 404',
  '`not_found`. `idempotency_key` in the body or the `Idempotency-Key` header: a repeat answers',
  'the first subscription (200), another request with the key 409 `idempotency_conflict`.',
].join(' ');

const CHANGE_DESCRIPTION = [
  '`pause` stops the charges, `resume` starts them again from the next period due after now',
  '(periods that fell due while paused are not charged), `cancel` ends the subscription for good.',
  'Repeating the current state answers the subscription unchanged (200); pausing or resuming a',
  'canceled subscription is 409 `subscription_state`.',
].join(' ');

/** Subscriptions: recurring charges of a stored card. */
@ApiTags('subscriptions')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly bus: BusClient,
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Post()
  @HttpCode(201)
  @RequireRole('operator')
  @ApiOperation({ summary: 'Create a subscription', description: CREATE_DESCRIPTION })
  @ApiIdempotentReplay()
  @ApiZodBody(subscriptionCreateBody)
  @ApiReply(subscriptionView, 201, 'created')
  @ApiReply(subscriptionView, 200, 'the subscription of this idempotency key')
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'invalid_interval',
    'invalid_amount',
    'currency_required',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'verification_required',
    'not_found',
    'idempotency_conflict',
    'stored_card_revoked',
    'stored_card_corridor_mismatch',
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(subscriptionCreateBody) body: SubscriptionCreateBody,
    @Headers('idempotency-key') header_key: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { subscription, created } = await this.bus.send(SUBSCRIPTIONS_COMMANDS.create, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      kyc_status: principal.kyc_status,
      base_url: publicBaseUrl(request, this.context.environment, this.settings),
      body: { ...body, idempotency_key: idempotencyKeyOf(body.idempotency_key, header_key) },
    });
    if (!created) void reply.code(200);
    return subscription;
  }

  @Get()
  @ApiPagination()
  @ApiReply(listingPage('subscriptions', subscriptionView))
  @ApiOperation({
    summary: 'List the account’s subscriptions, newest first',
    description: '`?status=` `active`, `paused` or `canceled` (otherwise 400 `invalid_status`).',
  })
  @ApiErrors('invalid_status', 'unauthorized')
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(listQuery) query: z.infer<typeof listQuery>,
  ) {
    const pagination = parsePagination(query);
    const { subscriptions } = await this.bus.send(SUBSCRIPTIONS_COMMANDS.list, {
      account_id: principal.account_id,
      status: query.status || undefined,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('subscriptions', pagination, subscriptions);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read a subscription',
    description: "Another account's subscription: 404 `not_found`.",
  })
  @ApiReply(SUBSCRIPTIONS_COMMANDS.get)
  @ApiErrors('unauthorized', 'not_found')
  get(@CurrentPrincipal() principal: Principal, @Param('id') subscription_id: string) {
    return this.bus.send(SUBSCRIPTIONS_COMMANDS.get, {
      account_id: principal.account_id,
      subscription_id,
    });
  }

  @Get(':id/charges')
  @ApiPagination()
  @ApiReply(listingPage('charges', subscriptionChargeView))
  @ApiOperation({
    summary: 'List a subscription’s charges, newest first',
    description:
      'One entry per charged period: `succeeded` with its card `payin_id`, or `failed` with ' +
      '`failure_reason` (an error code such as `stored_card_revoked`; the subscription stays ' +
      '`active` with `last_charge_status: failed` and charges the next period as scheduled).',
  })
  @ApiErrors('unauthorized', 'not_found')
  async charges(
    @CurrentPrincipal() principal: Principal,
    @Param('id') subscription_id: string,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    const pagination = parsePagination(query);
    const { charges } = await this.bus.send(SUBSCRIPTIONS_COMMANDS.list_charges, {
      account_id: principal.account_id,
      subscription_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('charges', pagination, charges);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @RequireRole('operator')
  @ApiOperation({ summary: 'Pause a subscription', description: CHANGE_DESCRIPTION })
  @ApiReply(SUBSCRIPTIONS_COMMANDS.change)
  @ApiErrors('unauthorized', 'not_found', 'subscription_state')
  pause(@CurrentPrincipal() principal: Principal, @Param('id') subscription_id: string) {
    return this.change(principal, subscription_id, 'pause');
  }

  @Post(':id/resume')
  @HttpCode(200)
  @RequireRole('operator')
  @ApiOperation({ summary: 'Resume a paused subscription', description: CHANGE_DESCRIPTION })
  @ApiReply(SUBSCRIPTIONS_COMMANDS.change)
  @ApiErrors('unauthorized', 'not_found', 'subscription_state')
  resume(@CurrentPrincipal() principal: Principal, @Param('id') subscription_id: string) {
    return this.change(principal, subscription_id, 'resume');
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequireRole('operator')
  @ApiOperation({ summary: 'Cancel a subscription', description: CHANGE_DESCRIPTION })
  @ApiReply(SUBSCRIPTIONS_COMMANDS.change)
  @ApiErrors('unauthorized', 'not_found')
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') subscription_id: string) {
    return this.change(principal, subscription_id, 'cancel');
  }

  private change(principal: Principal, subscription_id: string, action: SubscriptionAction) {
    return this.bus.send(SUBSCRIPTIONS_COMMANDS.change, {
      account_id: principal.account_id,
      subscription_id,
      action,
    });
  }
}

/** Sandbox: charge a subscription's next period now. */
@ApiTags('sandbox')
@UseGuards(SandboxOnlyGuard)
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/sandbox/subscriptions')
export class SandboxSubscriptionsController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/advance')
  @HttpCode(200)
  @RequireRole('operator')
  @ApiOperation({
    summary: 'Charge the next period of a subscription now',
    description:
      'Sandbox only (live answers 404 `not_found`). Charges the next period at once, as the ' +
      'scheduler would when it falls due, and answers the charge; the following period is ' +
      'scheduled from the start as usual. A paused or canceled subscription: 409 ' +
      '`subscription_state`.',
  })
  @ApiReply(SUBSCRIPTIONS_COMMANDS.advance_sandbox)
  @ApiErrors('unauthorized', 'not_found', 'subscription_state')
  advance(@CurrentPrincipal() principal: Principal, @Param('id') subscription_id: string) {
    return this.bus.send(SUBSCRIPTIONS_COMMANDS.advance_sandbox, {
      account_id: principal.account_id,
      subscription_id,
    });
  }
}
