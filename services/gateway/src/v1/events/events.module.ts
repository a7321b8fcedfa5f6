import { Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { PublicEventsFeed } from './public-events-feed';
import { StreamLeases } from './stream-leases';

/** `GET /v1/events`: the live stream and the history of public events (spec §6, D7). */
@Module({
  controllers: [EventsController],
  providers: [PublicEventsFeed, StreamLeases],
})
export class EventsModule {}
