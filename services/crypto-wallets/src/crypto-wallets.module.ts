import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { CryptoWalletsMessages } from './messages/crypto-wallets.messages';

/** The crypto-wallets service. Both runtimes boot it through `cryptoWalletsService`. */
@Module({})
export class CryptoWalletsModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: CryptoWalletsModule,
      imports: [ServiceDatabaseModule.forService('crypto-wallets', context)],
      controllers: [CryptoWalletsMessages],
    };
  }
}

export const cryptoWalletsService: ServiceDefinition = {
  name: 'crypto-wallets',
  module: (context) => CryptoWalletsModule.forRuntime(context),
};
