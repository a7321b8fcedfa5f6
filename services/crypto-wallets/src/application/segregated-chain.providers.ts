import type { Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import { networkOf } from '../domain/chains/chain';
import { CHAIN_PORT } from '../infrastructure/chain/chain.providers';
import { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import { CRYPTO_WALLETS_EVENTS } from '../infrastructure/links/crypto-wallets-events';
import { SegregatedChainRepository } from '../infrastructure/segregated-chain.repository';
import { SendsRecovery } from '../infrastructure/wallet-sends/sends-recovery';
import type { ChainPort } from './chain-port';
import { DepositsService } from './deposits.service';
import { SegregatedChainObservations, type ForwardTarget } from './segregated-chain';
import { SegregatedChainViews } from './segregated-chain-views';
import { SegregatedWallets } from './segregated';
import { WalletSends } from './wallet-sends';

/**
 * Segregated wallets on chain (part S): balance, deposits, transactions, sends, auto-forward and
 * the sandbox's external movements; `SegregatedChainObservations` is the module's observation
 * handler of this part.
 */
export function segregatedChainProviders(context: PlatformContext): Provider[] {
  const network = networkOf(context.environment);
  return [
    {
      provide: SegregatedChainRepository,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new SegregatedChainRepository(pool),
    },
    {
      provide: WalletSends,
      inject: [SegregatedChainRepository, SegregatedWallets, CHAIN_PORT, CRYPTO_WALLETS_EVENTS],
      useFactory: (
        repository: SegregatedChainRepository,
        wallets: SegregatedWallets,
        chain: ChainPort,
        events: PgEventStore,
      ) => new WalletSends(repository, wallets, chain, events, network),
    },
    {
      provide: SegregatedChainViews,
      inject: [SegregatedChainRepository, SandboxChain],
      useFactory: (repository: SegregatedChainRepository, sandbox: SandboxChain) =>
        new SegregatedChainViews(repository, context.environment === 'test' ? sandbox : null),
    },
    {
      provide: SegregatedChainObservations,
      inject: [SegregatedChainRepository, WalletSends, DepositsService, CRYPTO_WALLETS_EVENTS],
      useFactory: (
        repository: SegregatedChainRepository,
        sends: WalletSends,
        deposits: DepositsService,
        events: PgEventStore,
      ) => {
        // The account's deposit wallet of the chain and asset, created when it has none.
        const forward_to: ForwardTarget = {
          depositAddress: async (wallet) =>
            (
              await deposits.createWallet({
                account_id: wallet.account_id,
                org_id: wallet.org_id,
                chain: wallet.chain,
                asset: wallet.asset,
              })
            ).wallet.address,
        };
        return new SegregatedChainObservations(repository, sends, forward_to, events);
      },
    },
    SendsRecovery,
  ];
}
