import { Module } from '@nestjs/common';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { EventsController } from './events.controller';
import { EVENTS_SETTINGS, readEventsSettings } from './events-settings';
import { PublicEventsFeed } from './public-events-feed';
import { StreamLeases } from './stream-leases';

/** `GET /v1/events`: the live stream and the history of public events (spec §6, D7). */
@Module({
  controllers: [EventsController],
  providers: [
    {
      provide: EVENTS_SETTINGS,
      inject: [PLATFORM_CONTEXT],
      useFactory: (context: PlatformContext) => readEventsSettings(context),
    },
    PublicEventsFeed,
    StreamLeases,
  ],
})
export class EventsModule {}
