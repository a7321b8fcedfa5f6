import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { PayinsMessages } from './messages/payins.messages';

/** The payins service. Both runtimes boot it through `payinsService`. */
@Module({})
export class PayinsModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: PayinsModule,
      imports: [ServiceDatabaseModule.forService('payins', context)],
      controllers: [PayinsMessages],
    };
  }
}

export const payinsService: ServiceDefinition = {
  name: 'payins',
  module: (context) => PayinsModule.forRuntime(context),
};
