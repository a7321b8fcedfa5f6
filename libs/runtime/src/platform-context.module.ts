import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { messageBusProviders } from '@platform/messaging';
import { PLATFORM_CONTEXT, type PlatformContext } from './context';
import { busSettingsOf } from './settings';
import { openTransferArea, TRANSFER_AREA } from './transfer-area.settings';

/**
 * MESSAGE_BUS and a BusClient on the context's bus. With `BUS_VALIDATE_REPLIES=true` (the test
 * platforms set it) every reply is checked against its command's reply schema.
 */
export function busClientProviders(context: PlatformContext): Provider[] {
  return messageBusProviders(context.bus, {
    validate_replies: busSettingsOf(context).BUS_VALIDATE_REPLIES,
  });
}

/**
 * Makes the runtime's context (bus, environment, settings), a bus client and the transfer area
 * (TRANSFER_AREA: where files wait between processes) injectable.
 */
@Module({})
export class PlatformContextModule {
  static forRoot(context: PlatformContext): DynamicModule {
    const bus_providers = busClientProviders(context);
    return {
      module: PlatformContextModule,
      global: true,
      providers: [
        { provide: PLATFORM_CONTEXT, useValue: context },
        { provide: TRANSFER_AREA, useValue: openTransferArea(context) },
        ...bus_providers,
      ],
      exports: [PLATFORM_CONTEXT, TRANSFER_AREA, ...bus_providers],
    };
  }
}
