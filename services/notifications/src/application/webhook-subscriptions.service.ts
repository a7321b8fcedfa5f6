import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  isPublicEventType,
  type PublicEventType,
  type WebhookDelivery,
  type WebhookSubscription,
  type WebhookSubscriptionStatus,
} from '@platform/contracts';
import { validateCallbackUrl } from '../domain/callback-url';
import { resolvesToForbiddenAddress } from '../infrastructure/callback-sender';
import { NOTIFICATIONS_SETTINGS, type NotificationsSettings } from '../notifications.settings';
import { WebhookRuntime } from '../infrastructure/webhook-runtime';
import {
  publicSubscription,
  WebhookSubscriptionsRepository,
  type StoredSubscription,
} from '../infrastructure/webhook-subscriptions.repository';

/** Spec section 8. */
export const MIN_SECRET_CHARS = 16;
const MAX_SECRET_CHARS = 256;
const REGISTRATION_DNS_TIMEOUT_MS = 2_000;

export function parseSubscriptionEventType(value: string): PublicEventType | '*' {
  if (value === '*' || isPublicEventType(value)) return value;
  throw new DomainError('invalid_event_type', 'event_type must be an event name or *');
}

/** Webhook subscriptions (spec sections 2 and 3): create, read, toggle; never deleted. */
@Injectable()
export class WebhookSubscriptionsService {
  constructor(
    private readonly subscriptions: WebhookSubscriptionsRepository,
    private readonly runtime: WebhookRuntime,
    @Inject(NOTIFICATIONS_SETTINGS) private readonly settings: NotificationsSettings,
  ) {}

  async create(request: {
    account_id: string;
    org_id: string | null;
    event_type: string;
    callback_url: string;
    secret: string;
  }): Promise<WebhookSubscription> {
    const event_type = parseSubscriptionEventType(request.event_type);
    if (request.secret.length < MIN_SECRET_CHARS) {
      throw new DomainError(
        'weak_secret',
        `secret must have at least ${MIN_SECRET_CHARS} characters`,
      );
    }
    if (request.secret.length > MAX_SECRET_CHARS) {
      throw new DomainError(
        'invalid_request',
        `secret must have at most ${MAX_SECRET_CHARS} characters`,
      );
    }
    const policy = { allow_loopback: this.settings.WEBHOOKS_ALLOW_LOOPBACK };
    const url = validateCallbackUrl(request.callback_url, policy);
    if (await resolvesToForbiddenAddress(url.hostname, policy, REGISTRATION_DNS_TIMEOUT_MS)) {
      throw new DomainError(
        'invalid_callback_url',
        'callback_url must not point to a local or internal address',
      );
    }
    const stored = await this.subscriptions.insert({
      id: `whs_${randomUUID().replace(/-/g, '')}`,
      account_id: request.account_id,
      org_id: request.org_id,
      event_type,
      callback_url: url.toString(),
      sealed_secret: this.runtime.cipher.seal(request.secret),
    });
    return publicSubscription(stored);
  }

  async list(account_id: string, limit: number, offset: number): Promise<WebhookSubscription[]> {
    return (await this.subscriptions.list(account_id, limit, offset)).map(publicSubscription);
  }

  async get(account_id: string, subscription_id: string): Promise<WebhookSubscription> {
    return publicSubscription(await this.owned(account_id, subscription_id));
  }

  /** Repeating the current status answers the subscription unchanged (spec section 3). */
  async setStatus(
    account_id: string,
    subscription_id: string,
    status: WebhookSubscriptionStatus,
  ): Promise<WebhookSubscription> {
    const current = await this.owned(account_id, subscription_id);
    if (current.status === status) return publicSubscription(current);
    const updated = await this.subscriptions.setStatus(account_id, subscription_id, status);
    if (!updated) throw new DomainError('not_found', 'webhook subscription not found');
    return publicSubscription(updated);
  }

  async deliveries(
    account_id: string,
    subscription_id: string,
    limit: number,
    offset: number,
  ): Promise<WebhookDelivery[]> {
    await this.owned(account_id, subscription_id);
    return this.subscriptions.deliveries(subscription_id, limit, offset);
  }

  /**
   * Manual redelivery: one more attempt of the logged delivery's event, now, with a new
   * delivery id and the same event id. It does not count against the 5 automatic attempts,
   * and is sent even when the subscription is disabled (the user asked for it).
   */
  async retry(
    account_id: string,
    subscription_id: string,
    delivery_id: string,
  ): Promise<{ subscription_id: string; event_id: string; status: 'queued' }> {
    await this.owned(account_id, subscription_id);
    const queued = await this.subscriptions.queueManualRetry(subscription_id, delivery_id);
    if (!queued) throw new DomainError('not_found', 'delivery not found');
    this.runtime.deliveriesQueued();
    return { subscription_id, event_id: queued.event_id, status: 'queued' };
  }

  private async owned(account_id: string, subscription_id: string): Promise<StoredSubscription> {
    const found = await this.subscriptions.find(account_id, subscription_id);
    if (!found) throw new DomainError('not_found', 'webhook subscription not found');
    return found;
  }
}
