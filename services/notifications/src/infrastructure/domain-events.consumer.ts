import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { eventEnvelopeSchema, type EventEnvelope } from '@platform/contracts';
import { Inbox } from '@platform/messaging';
import { SERVICE_POOL } from '@platform/runtime';
import { NOTIFICATIONS_SETTINGS, type NotificationsSettings } from './notifications-settings';
import { PublicEventsRepository } from './public-events.repository';
import { WebhookRuntime } from './webhook-runtime';

const CONSUMER = 'notifications.domain_events';

/**
 * Takes in each domain event exactly once, whatever the bus redelivers, and projects it into
 * its public event (with its webhook jobs and broadcast) in the same transaction.
 */
@Injectable()
export class DomainEventsConsumer {
  private readonly inbox: Inbox;

  constructor(
    @Inject(SERVICE_POOL) pool: Pool,
    @Inject(NOTIFICATIONS_SETTINGS) private readonly settings: NotificationsSettings,
    private readonly public_events: PublicEventsRepository,
    private readonly webhooks: WebhookRuntime,
  ) {
    this.inbox = new Inbox({ pool, schema: 'notifications' });
  }

  async take(payload: unknown): Promise<void> {
    const envelope = eventEnvelopeSchema.parse(payload) as EventEnvelope;
    const outcome = await this.inbox.handleOnce(CONSUMER, envelope.event_id, async (client) => {
      await client.query(
        `insert into domain_events (event_id, type, stream, org_id, account_id, occurred_at, envelope)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (event_id) do update set applied_count = domain_events.applied_count + 1`,
        [
          envelope.event_id,
          envelope.type,
          envelope.stream,
          envelope.org_id,
          envelope.account_id,
          envelope.occurred_at,
          JSON.stringify(envelope),
        ],
      );
      return this.public_events.project(client, envelope, this.settings.livemode);
    });
    if (outcome.status === 'handled' && outcome.result && outcome.result.queued_deliveries > 0) {
      this.webhooks.deliveriesQueued();
    }
  }
}
