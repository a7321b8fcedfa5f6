import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { LedgerMessages } from './messages/ledger.messages';

/** The ledger service. Both runtimes boot it through `ledgerService`. */
@Module({})
export class LedgerModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: LedgerModule,
      imports: [ServiceDatabaseModule.forService('ledger', context)],
      controllers: [LedgerMessages],
    };
  }
}

export const ledgerService: ServiceDefinition = {
  name: 'ledger',
  module: (context) => LedgerModule.forRuntime(context),
};
