import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  createWebhookSubscriptionCommand,
  getWebhookSubscriptionCommand,
  listOrgPublicEventsCommand,
  listPublicEventsCommand,
  listWebhookDeliveriesCommand,
  listWebhookSubscriptionsCommand,
  parseCommand,
  ORG_PUBLIC_EVENT_COMMANDS,
  PUBLIC_EVENT_COMMANDS,
  replayOrgPublicEventsCommand,
  replayPublicEventsCommand,
  retryWebhookDeliveryCommand,
  updateWebhookSubscriptionCommand,
  WEBHOOK_COMMANDS,
  type PositionedPublicEvent,
  type PublicEvent,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@platform/contracts';
import { PublicEventsQueries } from '../application/public-events.queries';
import { WebhookSubscriptionsService } from '../application/webhook-subscriptions.service';

/** Webhook subscriptions, their delivery log, and the public event history (spec section 6). */
@Controller()
export class WebhooksMessages {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsService,
    private readonly events: PublicEventsQueries,
  ) {}

  @MessagePattern(WEBHOOK_COMMANDS.create_subscription)
  create(@Payload() payload: unknown): Promise<WebhookSubscription> {
    const request = parseCommand(createWebhookSubscriptionCommand, payload);
    return this.subscriptions.create({
      account_id: request.account_id,
      org_id: request.org_id ?? null,
      ...request.subscription,
    });
  }

  @MessagePattern(WEBHOOK_COMMANDS.list_subscriptions)
  async list(@Payload() payload: unknown): Promise<{ subscriptions: WebhookSubscription[] }> {
    const request = parseCommand(listWebhookSubscriptionsCommand, payload);
    return {
      subscriptions: await this.subscriptions.list(
        request.account_id,
        request.limit,
        request.offset,
      ),
    };
  }

  @MessagePattern(WEBHOOK_COMMANDS.get_subscription)
  get(@Payload() payload: unknown): Promise<WebhookSubscription> {
    const request = parseCommand(getWebhookSubscriptionCommand, payload);
    return this.subscriptions.get(request.account_id, request.subscription_id);
  }

  @MessagePattern(WEBHOOK_COMMANDS.update_subscription)
  update(@Payload() payload: unknown): Promise<WebhookSubscription> {
    const request = parseCommand(updateWebhookSubscriptionCommand, payload, 'invalid_status');
    return this.subscriptions.setStatus(
      request.account_id,
      request.subscription_id,
      request.status,
    );
  }

  @MessagePattern(WEBHOOK_COMMANDS.list_deliveries)
  async deliveries(@Payload() payload: unknown): Promise<{ deliveries: WebhookDelivery[] }> {
    const request = parseCommand(listWebhookDeliveriesCommand, payload);
    return {
      deliveries: await this.subscriptions.deliveries(
        request.account_id,
        request.subscription_id,
        request.limit,
        request.offset,
      ),
    };
  }

  @MessagePattern(WEBHOOK_COMMANDS.retry_delivery)
  retry(@Payload() payload: unknown) {
    const request = parseCommand(retryWebhookDeliveryCommand, payload);
    return this.subscriptions.retry(
      request.account_id,
      request.subscription_id,
      request.delivery_id,
    );
  }

  @MessagePattern(PUBLIC_EVENT_COMMANDS.list_events)
  async listEvents(@Payload() payload: unknown): Promise<{ events: PublicEvent[] }> {
    const { account_id, org_id: _org, ...request } = parseCommand(listPublicEventsCommand, payload);
    return { events: await this.events.list({ ...request, scope: { account_id } }) };
  }

  @MessagePattern(PUBLIC_EVENT_COMMANDS.replay_events)
  replayEvents(
    @Payload() payload: unknown,
  ): Promise<{ found: boolean; events: PositionedPublicEvent[] }> {
    const {
      account_id,
      org_id: _org,
      ...request
    } = parseCommand(replayPublicEventsCommand, payload);
    return this.events.replay({ ...request, scope: { account_id } });
  }

  /** An organization admin's history: every account of the organization (decisions D2). */
  @MessagePattern(ORG_PUBLIC_EVENT_COMMANDS.list_events)
  async listOrgEvents(@Payload() payload: unknown): Promise<{ events: PublicEvent[] }> {
    const { org_id, ...request } = parseCommand(listOrgPublicEventsCommand, payload);
    return { events: await this.events.list({ ...request, scope: { org_id } }) };
  }

  @MessagePattern(ORG_PUBLIC_EVENT_COMMANDS.replay_events)
  replayOrgEvents(
    @Payload() payload: unknown,
  ): Promise<{ found: boolean; events: PositionedPublicEvent[] }> {
    const { org_id, ...request } = parseCommand(replayOrgPublicEventsCommand, payload);
    return this.events.replay({ ...request, scope: { org_id } });
  }
}
