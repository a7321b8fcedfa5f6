import type { Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import type { CryptoWalletsSettings } from '../crypto-wallets.settings';
import { networkOf } from '../domain/chains/chain';
import {
  CRYPTO_WALLETS_EVENTS,
  openCryptoWalletsEventStore,
} from '../infrastructure/links/crypto-wallets-events';
import { WalletLinksRepository } from '../infrastructure/links/wallet-links.repository';
import { WalletLinks } from './links';

/** The service's event store (its outbox) and the wallet links' providers. */
export function linksProviders(
  context: PlatformContext,
  settings: CryptoWalletsSettings,
): Provider[] {
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
        new WalletLinks(
          pool,
          links,
          events,
          networkOf(context.environment),
          settings.WALLET_LINK_CHALLENGE_TTL_MS,
        ),
    },
  ];
}
