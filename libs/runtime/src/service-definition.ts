import type { DynamicModule } from '@nestjs/common';
import type { PlatformContext, ServiceName } from './context';

/** How a runtime boots one bus service: its name (consumer group, schema) and Nest module. */
export interface ServiceDefinition {
  name: Exclude<ServiceName, 'gateway'>;
  module(context: PlatformContext): DynamicModule;
}
