import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { PayoutsMessages } from './messages/payouts.messages';

/** The payouts service. Both runtimes boot it through `payoutsService`. */
@Module({})
export class PayoutsModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: PayoutsModule,
      imports: [ServiceDatabaseModule.forService('payouts', context)],
      controllers: [PayoutsMessages],
    };
  }
}

export const payoutsService: ServiceDefinition = {
  name: 'payouts',
  module: (context) => PayoutsModule.forRuntime(context),
};
