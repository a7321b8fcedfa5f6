import { Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  WEBHOOK_COMMANDS,
  webhookDelivery,
  webhookStatusBody,
  webhookSubscription,
  webhookSubscriptionBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { RequireOtp } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
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
} from '../../http';

/** Webhook subscriptions (spec sections 2, 3, 6; decisions D4, D7). */
@ApiTags('webhooks')
@ApiCredentials()
@Controller('v1/webhooks/subscriptions')
export class WebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @RequireOtp('webhook.create')
  @ApiOperation({
    summary: 'Subscribe a callback to one event type or *',
    description:
      'callback_url must be HTTPS to a public address (loopback, private, link-local, CGNAT, ' +
      'metadata and IPv4-mapped IPv6 forms are refused, at registration and again at every ' +
      'connection, so DNS rebinding is caught), on a port from 1 to 65535. The host is ' +
      'normalized before those checks (lower case, IDN to punycode, no trailing dot) and ' +
      'stored so: the answer shows the callback_url that will be called. secret: at least 16 characters, write-only, ' +
      'stored encrypted. No test delivery is sent on subscribe. Errors: invalid_event_type, ' +
      'weak_secret, invalid_callback_url.',
  })
  @ApiZodBody(webhookSubscriptionBody)
  @ApiReply(WEBHOOK_COMMANDS.create_subscription, 201)
  create(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(webhookSubscriptionBody) body: z.infer<typeof webhookSubscriptionBody>,
  ) {
    return this.bus.send(WEBHOOK_COMMANDS.create_subscription, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      subscription: body,
    });
  }

  @Get()
  @ApiPagination()
  @ApiOperation({ summary: 'Subscriptions of the account, newest first' })
  @ApiReply(listingPage('subscriptions', webhookSubscription))
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PaginationQuery) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(WEBHOOK_COMMANDS.list_subscriptions, {
      account_id: principal.account_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('subscriptions', pagination, reply.subscriptions);
  }

  @Get(':id')
  @ApiOperation({ summary: "One of the account's webhook subscriptions" })
  @ApiParam({ name: 'id' })
  @ApiResponse({ status: 404, description: 'absent, or another account’s' })
  @ApiReply(WEBHOOK_COMMANDS.get_subscription)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.bus.send(WEBHOOK_COMMANDS.get_subscription, {
      account_id: principal.account_id,
      subscription_id: id,
    });
  }

  @Patch(':id')
  @ApiParam({ name: 'id' })
  @ApiOperation({
    summary: 'Enable or disable (never deleted)',
    description:
      'Repeating the current status answers 200 with no change. Deliveries already queued for ' +
      'a disabled subscription are still sent; new events are not queued for it.',
  })
  @ApiZodBody(webhookStatusBody)
  @ApiReply(WEBHOOK_COMMANDS.update_subscription)
  setStatus(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @ValidatedBody(webhookStatusBody, { error_code: 'invalid_status' })
    body: z.infer<typeof webhookStatusBody>,
  ) {
    return this.bus.send(WEBHOOK_COMMANDS.update_subscription, {
      account_id: principal.account_id,
      subscription_id: id,
      status: body.status,
    });
  }

  @Get(':id/deliveries')
  @ApiPagination()
  @ApiParam({ name: 'id' })
  @ApiOperation({
    summary: 'Delivery log: one row per attempt, newest first',
    description:
      'Each attempt has its own delivery_id (X-Webhook-Delivery-ID); event_id stays the same ' +
      'across attempts. failure is a short reason (timeout, connection_refused, ' +
      'callback_refused, unexpected_status_<code>...).',
  })
  @ApiReply(listingPage('deliveries', webhookDelivery))
  async deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PaginationQuery,
  ) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(WEBHOOK_COMMANDS.list_deliveries, {
      account_id: principal.account_id,
      subscription_id: id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('deliveries', pagination, reply.deliveries);
  }

  @Post(':id/deliveries/:delivery_id/retry')
  @HttpCode(202)
  @ApiParam({ name: 'id' })
  @ApiParam({ name: 'delivery_id' })
  @ApiOperation({
    summary: 'Redeliver the event of a logged delivery, now',
    description:
      'One extra attempt with the same event id and a new delivery id; it does not count ' +
      'against the 5 automatic attempts and is sent even if the subscription is disabled.',
  })
  @ApiReply(WEBHOOK_COMMANDS.retry_delivery, 202)
  retry(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('delivery_id') delivery_id: string,
  ) {
    return this.bus.send(WEBHOOK_COMMANDS.retry_delivery, {
      account_id: principal.account_id,
      subscription_id: id,
      delivery_id,
    });
  }
}
