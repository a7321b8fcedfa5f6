import { Controller } from '@nestjs/common';
import {
  ORG_PUBLIC_EVENT_COMMANDS,
  PUBLIC_EVENT_COMMANDS,
  WEBHOOK_COMMANDS,
  type CreateWebhookSubscriptionCommand,
  type GetWebhookSubscriptionCommand,
  type ListOrgPublicEventsCommand,
  type ListPublicEventsCommand,
  type ListWebhookDeliveriesCommand,
  type ListWebhookSubscriptionsCommand,
  type ReplayOrgPublicEventsCommand,
  type ReplayPublicEventsCommand,
  type RetryWebhookDeliveryCommand,
  type UpdateWebhookSubscriptionCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { PublicEventsQueries } from '../application/public-events.queries';
import { WebhookSubscriptionsService } from '../application/webhook-subscriptions.service';

/** Webhook subscriptions, their delivery log, and the public event history (spec section 6). */
@Controller()
export class WebhooksMessages {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsService,
    private readonly events: PublicEventsQueries,
  ) {}

  @Handles(WEBHOOK_COMMANDS.create_subscription)
  create(request: CreateWebhookSubscriptionCommand) {
    return this.subscriptions.create({
      account_id: request.account_id,
      org_id: request.org_id ?? null,
      ...request.subscription,
    });
  }

  @Handles(WEBHOOK_COMMANDS.list_subscriptions)
  async list(request: ListWebhookSubscriptionsCommand) {
    const { account_id, limit, offset } = request;
    return { subscriptions: await this.subscriptions.list(account_id, limit, offset) };
  }

  @Handles(WEBHOOK_COMMANDS.get_subscription)
  get(request: GetWebhookSubscriptionCommand) {
    return this.subscriptions.get(request.account_id, request.subscription_id);
  }

  @Handles(WEBHOOK_COMMANDS.update_subscription)
  update(request: UpdateWebhookSubscriptionCommand) {
    return this.subscriptions.setStatus(
      request.account_id,
      request.subscription_id,
      request.status,
    );
  }

  @Handles(WEBHOOK_COMMANDS.list_deliveries)
  async deliveries(request: ListWebhookDeliveriesCommand) {
    const { account_id, subscription_id, limit, offset } = request;
    return {
      deliveries: await this.subscriptions.deliveries(account_id, subscription_id, limit, offset),
    };
  }

  @Handles(WEBHOOK_COMMANDS.retry_delivery)
  retry(request: RetryWebhookDeliveryCommand) {
    return this.subscriptions.retry(
      request.account_id,
      request.subscription_id,
      request.delivery_id,
    );
  }

  @Handles(PUBLIC_EVENT_COMMANDS.list_events)
  async listEvents(request: ListPublicEventsCommand) {
    const { account_id, org_id: _org, ...filter } = request;
    return { events: await this.events.list({ ...filter, scope: { account_id } }) };
  }

  @Handles(PUBLIC_EVENT_COMMANDS.replay_events)
  replayEvents(request: ReplayPublicEventsCommand) {
    const { account_id, org_id: _org, ...after } = request;
    return this.events.replay({ ...after, scope: { account_id } });
  }

  /** An organization admin's history: every account of the organization (decisions D2). */
  @Handles(ORG_PUBLIC_EVENT_COMMANDS.list_events)
  async listOrgEvents(request: ListOrgPublicEventsCommand) {
    const { org_id, ...filter } = request;
    return { events: await this.events.list({ ...filter, scope: { org_id } }) };
  }

  @Handles(ORG_PUBLIC_EVENT_COMMANDS.replay_events)
  replayOrgEvents(request: ReplayOrgPublicEventsCommand) {
    const { org_id, ...after } = request;
    return this.events.replay({ ...after, scope: { org_id } });
  }
}
