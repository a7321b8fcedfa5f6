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
  module(context: PlatformContext, settings: SettingsOf<S>): DynamicModule;
}
