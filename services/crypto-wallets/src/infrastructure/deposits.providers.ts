import type { FactoryProvider, Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import { LEDGER_COMMANDS } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { BusClient } from '@platform/messaging';
import { eventRelayProvider, SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import type { ChainPort } from '../application/chain-port';
import { DepositObservations } from '../application/deposit-observations';
import { DepositsService } from '../application/deposits.service';
import { ScreeningService } from '../application/screening.service';
import { networkOf } from '../domain/chains/chain';
import type { RiskLists } from '../domain/screening/address-risk';
import { parseFlaggedAddresses } from '../domain/screening/flagged-lists';
import type { CryptoWalletsSettings } from '../crypto-wallets.settings';
import { CHAIN_PORT } from './chain/chain.providers';
import { SandboxChain } from './chain/sandbox-chain';
import { SeedVault } from './keys/seed-vault';
import { DepositsRepository } from './deposits.repository';
import { DEPOSITS_EVENTS, openDepositsEventStore } from './deposits-store';
import { ScreeningRepository } from './screening.repository';

/** The flagged-address lists and sandbox rules addresses are screened with. */
export const RISK_LISTS = Symbol('RISK_LISTS');

/**
 * Everything deposits and address screening add to the crypto-wallets module: their store (its
 * own outbox schema and relay), the risk lists, the services and the observation handler.
 */
export function depositProviders(
  context: PlatformContext,
  settings: CryptoWalletsSettings,
): Provider[] {
  const network = networkOf(context.environment);
  const relay = eventRelayProvider({
    service: 'crypto-wallets',
    store: DEPOSITS_EVENTS,
  }) as FactoryProvider;
  const lists: RiskLists = {
    flagged: parseFlaggedAddresses(settings.CRYPTO_FLAGGED_ADDRESSES),
    sandbox_rules: context.environment === 'test',
  };
  return [
    {
      provide: DEPOSITS_EVENTS,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => openDepositsEventStore(pool, context.environment),
    },
    // Its own token: other parts of the service relay their own store too.
    { ...relay, provide: 'crypto-wallets:deposits-event-relay' },
    { provide: RISK_LISTS, useValue: lists },
    {
      provide: DepositsRepository,
      inject: [SERVICE_POOL, DEPOSITS_EVENTS],
      useFactory: (pool: Pool, events: PgEventStore) => new DepositsRepository(pool, events),
    },
    {
      provide: DepositsService,
      inject: [DepositsRepository, SeedVault, CHAIN_PORT, SandboxChain],
      useFactory: (
        deposits: DepositsRepository,
        vault: SeedVault,
        chain: ChainPort,
        sandbox: SandboxChain,
      ) =>
        new DepositsService(
          deposits,
          vault,
          chain,
          context.environment === 'test' ? sandbox : null,
          network,
        ),
    },
    {
      provide: DepositObservations,
      inject: [DepositsRepository, BusClient],
      useFactory: (deposits: DepositsRepository, bus: BusClient) =>
        new DepositObservations(
          deposits,
          { credit: (command) => bus.send(LEDGER_COMMANDS.credit_funds, command) },
          lists,
        ),
    },
    {
      provide: ScreeningService,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) =>
        new ScreeningService(new ScreeningRepository(pool), lists, network),
    },
  ];
}
