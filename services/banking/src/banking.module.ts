import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  busClientProviders,
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { bankingProviders } from './banking.providers';
import { BANKING_SETTINGS, bankingSettingsSchema, type BankingSettings } from './banking.settings';
import { BankingMessages } from './messages/banking.messages';

export const BANKING_MIGRATIONS_DIR = path.join(__dirname, '../migrations');

/** The banking service (USD and EUR bank accounts). Both runtimes boot it through `bankingService`. */
@Module({})
export class BankingModule {
  static forRuntime(context: PlatformContext, settings: BankingSettings): DynamicModule {
    return {
      module: BankingModule,
      imports: [
        ServiceDatabaseModule.forService('banking', context, {
          migrations: [{ dir: BANKING_MIGRATIONS_DIR }],
        }),
      ],
      controllers: [BankingMessages],
      providers: [
        { provide: BANKING_SETTINGS, useValue: settings },
        ...busClientProviders(context),
        ...bankingProviders,
      ],
    };
  }
}

export const bankingService: ServiceDefinition<typeof bankingSettingsSchema> = {
  name: 'banking',
  settings: bankingSettingsSchema,
  module: (context, settings) => BankingModule.forRuntime(context, settings),
};
