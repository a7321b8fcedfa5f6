import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  busClientProviders,
  eventRelayProvider,
  SERVICE_POOL,
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { networkOf } from './domain/chains/chain';
import { walletKeyring } from './infrastructure/keys/wallet-keyring';
import { SeedVault } from './infrastructure/keys/seed-vault';
// c15-deposits: the chain port and its watcher
import { OBSERVATION_HANDLERS, type ObservationHandler } from './application/chain-port';
import { chainProviders } from './infrastructure/chain/chain.providers';
// c15-deposits: deposit wallets, deposits and address screening
import { DepositObservations } from './application/deposit-observations';
import { depositProviders } from './infrastructure/deposits.providers';
import { DepositsMessages } from './messages/deposits.messages';
import { ScreeningMessages } from './messages/screening.messages';
import { CryptoWalletsMessages } from './messages/crypto-wallets.messages';
// crypto withdrawals (issue 15)
import { WithdrawalObservations } from './application/withdrawals/withdrawal-observations';
import { withdrawalProviders } from './infrastructure/withdrawals/withdrawal-providers';
import { WithdrawalsMessages } from './messages/withdrawals.messages';
// Wallet links, segregated wallets and signature proofs (issue 15, part L).
import { linksProviders } from './application/links.providers';
import { CRYPTO_WALLETS_EVENTS } from './infrastructure/links/crypto-wallets-events';
import { WalletLinksMessages } from './messages/wallets-links.messages';
import { SegregatedWalletsMessages } from './messages/wallets-segregated.messages';
import { SignatureProofsMessages } from './messages/wallets-proofs.messages';
// Segregated wallets on chain (issue 15, part S).
import { segregatedChainProviders } from './application/segregated-chain.providers';
import { SegregatedChainObservations } from './application/segregated-chain';
import { WalletsChainMessages } from './messages/wallets-chain.messages';
import {
  CRYPTO_WALLETS_SETTINGS,
  cryptoWalletsSettingsSchema,
  type CryptoWalletsSettings,
} from './crypto-wallets.settings';

export const CRYPTO_WALLETS_MIGRATIONS_DIR = path.join(__dirname, '../migrations');

/** The crypto-wallets service. Both runtimes boot it through `cryptoWalletsService`. */
@Module({})
export class CryptoWalletsModule {
  static forRuntime(context: PlatformContext, settings: CryptoWalletsSettings): DynamicModule {
    const keyring = walletKeyring(context.environment, settings);
    return {
      module: CryptoWalletsModule,
      imports: [
        ServiceDatabaseModule.forService('crypto-wallets', context, {
          migrations: [{ dir: CRYPTO_WALLETS_MIGRATIONS_DIR }],
        }),
      ],
      controllers: [
        CryptoWalletsMessages,
        // Wallet links, segregated wallets and signature proofs (issue 15, part L).
        WalletLinksMessages,
        SegregatedWalletsMessages,
        SignatureProofsMessages,
        // Segregated wallets on chain (issue 15, part S).
        WalletsChainMessages,
        // crypto withdrawals (issue 15)
        WithdrawalsMessages,
        // c15-deposits
        DepositsMessages,
        ScreeningMessages,
      ],
      providers: [
        { provide: CRYPTO_WALLETS_SETTINGS, useValue: settings },
        {
          provide: SeedVault,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => new SeedVault(pool, keyring, networkOf(context.environment)),
        },
        ...busClientProviders(context),
        // c15-deposits: the chain, its watcher, and the handlers the watcher feeds (each part of
        // the service adds its handler class to `inject` and to the array).
        ...chainProviders(context, settings),
        // crypto withdrawals (issue 15)
        ...withdrawalProviders(context),
        // Wallet links, segregated wallets and signature proofs (issue 15, part L).
        ...linksProviders(context, settings),
        eventRelayProvider({ service: 'crypto-wallets', store: CRYPTO_WALLETS_EVENTS }),
        // Segregated wallets on chain (issue 15, part S).
        ...segregatedChainProviders(context),
        // c15-deposits
        ...depositProviders(context, settings),
        // Every part's observation handler, in the watcher's order.
        {
          provide: OBSERVATION_HANDLERS,
          // Part S's handler keeps segregated wallets' history and balance (L's is left out).
          inject: [DepositObservations, WithdrawalObservations, SegregatedChainObservations],
          useFactory: (...handlers: ObservationHandler[]) => handlers,
        },
      ],
    };
  }
}

export const cryptoWalletsService: ServiceDefinition<typeof cryptoWalletsSettingsSchema> = {
  name: 'crypto-wallets',
  settings: cryptoWalletsSettingsSchema,
  module: (context, settings) => CryptoWalletsModule.forRuntime(context, settings),
};
