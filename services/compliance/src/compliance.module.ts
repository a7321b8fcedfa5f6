import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { ComplianceMessages } from './messages/compliance.messages';

/** The compliance service. Both runtimes boot it through `complianceService`. */
@Module({})
export class ComplianceModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: ComplianceModule,
      imports: [ServiceDatabaseModule.forService('compliance', context)],
      controllers: [ComplianceMessages],
    };
  }
}

export const complianceService: ServiceDefinition = {
  name: 'compliance',
  module: (context) => ComplianceModule.forRuntime(context),
};
