import type { FactoryProvider, Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import { eventRelayProvider, SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import {
  DESTINATION_SCREENING,
  LINKED_WALLETS,
  TRAVEL_RULE_COUNTERPARTY,
  WITHDRAWAL_CHAIN,
  WITHDRAWAL_NETWORK,
} from '../../application/withdrawals/ports';
import { WithdrawalCreation } from '../../application/withdrawals/withdrawal-creation';
import { WithdrawalObservations } from '../../application/withdrawals/withdrawal-observations';
import { WithdrawalQueries } from '../../application/withdrawals/withdrawal-queries';
import { WithdrawalReviews } from '../../application/withdrawals/withdrawal-reviews';
import { WithdrawalSteps } from '../../application/withdrawals/withdrawal-steps';
import { OperatorCounterparty, SandboxCounterparty } from '../travel-rule/sandbox-counterparty';
import { TravelRuleTransfersRepository } from '../travel-rule/travel-rule-transfers.repository';
import { networkOf } from '../../domain/chains/chain';
import { CHAIN_PORT } from '../chain/chain.providers';
import { WalletLinksRepository } from '../links/wallet-links.repository';
import type { RiskLists } from '../../domain/screening/address-risk';
import { RISK_LISTS } from '../deposits.providers';
import { ListedDestinationScreening } from './destination-screening';
import { WithdrawalServices } from './withdrawal-services';
import { WithdrawalsRepository } from './withdrawals.repository';
import { openWithdrawalsEventStore, WITHDRAWALS_EVENTS } from './withdrawals-store';
import { WithdrawalsWorker } from './withdrawals-worker';

/**
 * Everything crypto withdrawals add to the crypto-wallets module: their store (its own outbox
 * schema and relay), the Travel Rule counterparty of the environment, the steps and the worker.
 */
export function withdrawalProviders(context: PlatformContext): Provider[] {
  const relay = eventRelayProvider({
    service: 'crypto-wallets',
    store: WITHDRAWALS_EVENTS,
  }) as FactoryProvider;
  return [
    {
      provide: WITHDRAWALS_EVENTS,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => openWithdrawalsEventStore(pool, context.environment),
    },
    // Its own token: other parts of the service may relay their own store too.
    { ...relay, provide: 'crypto-wallets:withdrawals-event-relay' },
    { provide: WITHDRAWAL_CHAIN, useExisting: CHAIN_PORT },
    { provide: WITHDRAWAL_NETWORK, useValue: networkOf(context.environment) },
    {
      provide: TravelRuleTransfersRepository,
      inject: [SERVICE_POOL],
      useFactory: (pool: Pool) => new TravelRuleTransfersRepository(pool),
    },
    {
      provide: TRAVEL_RULE_COUNTERPARTY,
      inject: [TravelRuleTransfersRepository],
      useFactory: (transfers: TravelRuleTransfersRepository) =>
        context.environment === 'test'
          ? new SandboxCounterparty()
          : new OperatorCounterparty(transfers),
    },
    {
      provide: DESTINATION_SCREENING,
      inject: [RISK_LISTS],
      useFactory: (lists: RiskLists) => new ListedDestinationScreening(lists),
    },
    // A self-hosted destination above the threshold must be a wallet link of the account.
    { provide: LINKED_WALLETS, useExisting: WalletLinksRepository },
    WithdrawalsRepository,
    WithdrawalServices,
    WithdrawalSteps,
    WithdrawalCreation,
    WithdrawalQueries,
    WithdrawalReviews,
    WithdrawalObservations,
    WithdrawalsWorker,
  ];
}
