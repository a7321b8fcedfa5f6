import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { CryptoWalletsMessages } from './messages/crypto-wallets.messages';
import {
  CRYPTO_WALLETS_SETTINGS,
  cryptoWalletsSettingsSchema,
  type CryptoWalletsSettings,
} from './crypto-wallets.settings';

/** The crypto-wallets service. Both runtimes boot it through `cryptoWalletsService`. */
@Module({})
export class CryptoWalletsModule {
  static forRuntime(context: PlatformContext, settings: CryptoWalletsSettings): DynamicModule {
    return {
      module: CryptoWalletsModule,
      imports: [ServiceDatabaseModule.forService('crypto-wallets', context)],
      controllers: [CryptoWalletsMessages],
      providers: [{ provide: CRYPTO_WALLETS_SETTINGS, useValue: settings }],
    };
  }
}

export const cryptoWalletsService: ServiceDefinition<typeof cryptoWalletsSettingsSchema> = {
  name: 'crypto-wallets',
  settings: cryptoWalletsSettingsSchema,
  module: (context, settings) => CryptoWalletsModule.forRuntime(context, settings),
};
