import type { DynamicModule } from '@nestjs/common';
import type { PlatformContext, ServiceName } from './context';
import type { SettingsOf, SettingsSchema } from './settings';

/**
 * How a runtime boots one bus service: its name (consumer group, schema), its settings schema
 * and its Nest module. The runtime parses the settings once at boot and hands the typed, frozen
 * object to `module`, which provides it under the service's own token.
 */
export interface ServiceDefinition<S extends SettingsSchema = SettingsSchema> {
  name: Exclude<ServiceName, 'gateway'>;
  settings: S;
  /**
   * Events of one partition its handlers are given before the first is settled (the bus's
   * SubscribeOptions.prefetch): only for a service whose handlers take what arrives as one batch
   * and deduplicate by event id. 1 when absent.
   */
  event_prefetch?: number;
  module(context: PlatformContext, settings: SettingsOf<S>): DynamicModule;
}
