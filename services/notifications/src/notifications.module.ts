import path from 'node:path';
import { Inbox } from '@platform/messaging';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { MESSAGE_SENDER } from './application/message-sender.port';
import { PublicEventsQueries } from './application/public-events.queries';
import { StreamLeasesService } from './application/stream-leases.service';
import { WebhookSubscriptionsService } from './application/webhook-subscriptions.service';
import {
  DomainEventsConsumer,
  DOMAIN_EVENTS_PER_BATCH,
} from './infrastructure/domain-events.consumer';
import { MailboxRepository } from './infrastructure/mailbox.repository';
import { PublicEventsRepository } from './infrastructure/public-events.repository';
import { StreamLeasesRepository } from './infrastructure/stream-leases.repository';
import { WebhookRuntime } from './infrastructure/webhook-runtime';
import { WebhookSubscriptionsRepository } from './infrastructure/webhook-subscriptions.repository';
import { NotificationsMessages } from './messages/notifications.messages';
import { StreamLeasesMessages } from './messages/stream-leases.messages';
import { WebhooksMessages } from './messages/webhooks.messages';
import {
  NOTIFICATIONS_SETTINGS,
  notificationsSettingsIn,
  notificationsSettingsSchema,
  type NotificationsSettings,
} from './notifications.settings';

/**
 * Messages to people (mailbox by default, decisions D3), public events, signed webhooks, and
 * the stream limits every gateway shares (leases of `GET /v1/events` streams).
 */
@Module({})
export class NotificationsModule {
  static forRuntime(context: PlatformContext, settings: NotificationsSettings): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [
        ServiceDatabaseModule.forService('notifications', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
          after_migrations: (pool) => Inbox.migrate(pool, 'notifications'),
        }),
      ],
      controllers: [NotificationsMessages, WebhooksMessages, StreamLeasesMessages],
      providers: [
        {
          provide: NOTIFICATIONS_SETTINGS,
          useValue: notificationsSettingsIn(context.environment, settings),
        },
        DomainEventsConsumer,
        MailboxRepository,
        PublicEventsRepository,
        WebhookSubscriptionsRepository,
        WebhookRuntime,
        WebhookSubscriptionsService,
        PublicEventsQueries,
        StreamLeasesRepository,
        StreamLeasesService,
        { provide: MESSAGE_SENDER, useExisting: MailboxRepository },
      ],
    };
  }
}

export const notificationsService: ServiceDefinition<typeof notificationsSettingsSchema> = {
  name: 'notifications',
  settings: notificationsSettingsSchema,
  event_prefetch: DOMAIN_EVENTS_PER_BATCH,
  module: (context, settings) => NotificationsModule.forRuntime(context, settings),
};
