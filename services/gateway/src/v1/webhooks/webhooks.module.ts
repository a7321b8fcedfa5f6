import { Module } from '@nestjs/common';
import { WebhooksController } from './webhooks.controller';

/** `/v1/webhooks/*`: subscriptions, their delivery log and manual redelivery. */
@Module({ controllers: [WebhooksController] })
export class WebhooksModule {}
