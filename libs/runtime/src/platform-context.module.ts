import { Module, type DynamicModule } from '@nestjs/common';
import { BusClient, MESSAGE_BUS } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from './context';

/** Makes the runtime's context (bus, environment, settings) and a bus client injectable. */
@Module({})
export class PlatformContextModule {
  static forRoot(context: PlatformContext): DynamicModule {
    return {
      module: PlatformContextModule,
      global: true,
      providers: [
        { provide: PLATFORM_CONTEXT, useValue: context },
        { provide: MESSAGE_BUS, useValue: context.bus },
        BusClient,
      ],
      exports: [PLATFORM_CONTEXT, MESSAGE_BUS, BusClient],
    };
  }
}
