import type { Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { BusClient } from '@platform/messaging';
import { SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import type { CryptoWalletsSettings } from '../crypto-wallets.settings';
import { networkOf } from '../domain/chains/chain';
import { SeedVault } from '../infrastructure/keys/seed-vault';
import { walletKeyring } from '../infrastructure/keys/wallet-keyring';
import {
  CRYPTO_WALLETS_EVENTS,
  openCryptoWalletsEventStore,
} from '../infrastructure/links/crypto-wallets-events';
import { WalletLinksRepository } from '../infrastructure/links/wallet-links.repository';
import { BusOrganizationTimezones } from '../infrastructure/proofs/organization-timezones';
import { SignatureProofsRepository } from '../infrastructure/proofs/signature-proofs.repository';
import { SegregatedWalletsRepository } from '../infrastructure/segregated/segregated-wallets.repository';
import { WalletLinks } from './links';
import { SignatureProofs } from './proofs';
import { SegregatedWallets } from './segregated';

/**
 * The service's event store (its outbox), wallet links, segregated wallets and signature
 * proofs: one block for the module to spread.
 */
export function linksProviders(
  context: PlatformContext,
  settings: CryptoWalletsSettings,
): Provider[] {
  const network = networkOf(context.environment);
  return [
    {
      provide: CRYPTO_WALLETS_EVENTS,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => openCryptoWalletsEventStore(pool, context.environment),
    },
    {
      provide: WalletLinksRepository,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new WalletLinksRepository(pool),
    },
    {
      provide: WalletLinks,
      inject: [SERVICE_POOL, WalletLinksRepository, CRYPTO_WALLETS_EVENTS],
      useFactory: (pool: Pool, links: WalletLinksRepository, events: PgEventStore) =>
        new WalletLinks(pool, links, events, network, settings.WALLET_LINK_CHALLENGE_TTL_MS),
    },
    {
      provide: SegregatedWalletsRepository,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new SegregatedWalletsRepository(pool),
    },
    {
      provide: SegregatedWallets,
      inject: [SERVICE_POOL, SegregatedWalletsRepository, SeedVault, CRYPTO_WALLETS_EVENTS],
      useFactory: (
        pool: Pool,
        wallets: SegregatedWalletsRepository,
        vault: SeedVault,
        events: PgEventStore,
      ) =>
        new SegregatedWallets(
          pool,
          wallets,
          vault,
          walletKeyring(context.environment, settings),
          events,
          network,
        ),
    },
    {
      provide: SignatureProofsRepository,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new SignatureProofsRepository(pool),
    },
    {
      provide: SignatureProofs,
      inject: [
        SERVICE_POOL,
        SignatureProofsRepository,
        SegregatedWallets,
        CRYPTO_WALLETS_EVENTS,
        BusClient,
      ],
      useFactory: (
        pool: Pool,
        proofs: SignatureProofsRepository,
        wallets: SegregatedWallets,
        events: PgEventStore,
        bus: BusClient,
      ) =>
        new SignatureProofs(
          pool,
          proofs,
          wallets,
          events,
          new BusOrganizationTimezones(bus),
          network,
        ),
    },
  ];
}
