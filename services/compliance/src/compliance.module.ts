import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { PayoutReviews } from './application/payout-reviews';
import { ComplianceMessages } from './messages/compliance.messages';

/** The compliance service. Both runtimes boot it through `complianceService`. */
@Module({})
export class ComplianceModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: ComplianceModule,
      imports: [
        ServiceDatabaseModule.forService('compliance', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
        }),
      ],
      controllers: [ComplianceMessages],
      providers: [PayoutReviews],
    };
  }
}

export const complianceService: ServiceDefinition = {
  name: 'compliance',
  module: (context) => ComplianceModule.forRuntime(context),
};
