import path from 'node:path';
import { Inbox } from '@platform/messaging';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { MESSAGE_SENDER } from './application/message-sender.port';
import { DomainEventsConsumer } from './infrastructure/domain-events.consumer';
import { MailboxRepository } from './infrastructure/mailbox.repository';
import { NotificationsMessages } from './messages/notifications.messages';

/** Messages to people (mailbox by default, decisions D3); later webhooks and the event stream. */
@Module({})
export class NotificationsModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [
        ServiceDatabaseModule.forService('notifications', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
          after_migrations: (pool) => Inbox.migrate(pool, 'notifications'),
        }),
      ],
      controllers: [NotificationsMessages],
      providers: [
        DomainEventsConsumer,
        MailboxRepository,
        { provide: MESSAGE_SENDER, useExisting: MailboxRepository },
      ],
    };
  }
}

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  module: (context) => NotificationsModule.forRuntime(context),
};
