import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { amlProviders } from './aml.providers';
import { PayoutReviews } from './application/payout-reviews';
import { AmlMessages } from './messages/aml.messages';
import { ComplianceMessages } from './messages/compliance.messages';
import {
  COMPLIANCE_SETTINGS,
  complianceSettingsSchema,
  type ComplianceSettings,
} from './compliance.settings';

/** The compliance service. Both runtimes boot it through `complianceService`. */
@Module({})
export class ComplianceModule {
  static forRuntime(context: PlatformContext, settings: ComplianceSettings): DynamicModule {
    return {
      module: ComplianceModule,
      imports: [
        ServiceDatabaseModule.forService('compliance', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
        }),
      ],
      controllers: [ComplianceMessages, AmlMessages],
      providers: [
        { provide: COMPLIANCE_SETTINGS, useValue: settings },
        PayoutReviews,
        ...amlProviders(context, settings),
      ],
    };
  }
}

export const complianceService: ServiceDefinition<typeof complianceSettingsSchema> = {
  name: 'compliance',
  settings: complianceSettingsSchema,
  module: (context, settings) => ComplianceModule.forRuntime(context, settings),
};
