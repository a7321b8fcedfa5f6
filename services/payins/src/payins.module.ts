import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import { PgEventStore } from '@platform/event-store';
import { BusClient } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';
import {
  busClientProviders,
  DEAD_LETTERS,
  eventRelayProvider,
  type PlatformContext,
  poisonPolicyOf,
  SERVICE_POOL,
  ServiceDatabaseModule,
  type ServiceDefinition,
} from '@platform/runtime';
import { CheckoutService } from './application/checkout.service';
import { CheckoutCollectService } from './application/checkout-collect.service';
import { CheckoutTransferService } from './application/checkout-transfer.service';
import { CollectService } from './application/collect.service';
import { CollectionWorker } from './application/collection-worker';
import { ConfirmationsService } from './application/confirmations.service';
import { DemoPayins } from './application/demo-payins.service';
import { DepositAccountsService } from './application/deposit-accounts.service';
import { PayinReceiptsService } from './application/payin-receipts.service';
import { PayinsService } from './application/payins.service';
import { SandboxDepositsService } from './application/sandbox-deposits.service';
import { RefundsService } from './application/refunds.service';
import { StoredCardsService } from './application/stored-cards.service';
import { BusIdentityPort, BusLedgerPort } from './infrastructure/bus-ports';
import { manualConnector, sandboxConnector } from './infrastructure/collection-connectors';
import { CollectionScheduler } from './infrastructure/collection-scheduler';
import { CollectOtpsRepository } from './infrastructure/collect-otps.repository';
import { ConfirmationsRepository } from './infrastructure/confirmations.repository';
import { DepositAccountsRepository } from './infrastructure/deposit-accounts.repository';
import { PayinsLifecycle } from './infrastructure/payins-lifecycle';
import { StoredCardsRepository } from './infrastructure/stored-cards.repository';
import {
  PAYINS_EVENTS,
  PAYINS_MIGRATIONS_DIR,
  PayinsRepository,
} from './infrastructure/payins.repository';
import { PayinsMessages } from './messages/payins.messages';
import { PayinTrackingMessages } from './messages/payin-tracking.messages';
import { PayinTracking } from './application/payin-tracking';
import { SubscriptionsMessages } from './messages/subscriptions.messages';
import { PosMessages } from './messages/pos.messages';
import { subscriptionsProviders } from './subscriptions-pos.providers';
import {
  COLLECTION_IDLE_POLL_MS,
  collectionPollMs,
  PAYINS_SETTINGS,
  payinsSettingsSchema,
  type PayinsSettings,
} from './payins.settings';

const logger = new Logger('payins');

/** The payins service: collections, checkout links, card settlement, refunds. */
@Module({})
export class PayinsModule {
  static forRuntime(context: PlatformContext, settings: PayinsSettings): DynamicModule {
    const connector =
      context.environment === 'test'
        ? sandboxConnector(settings.SANDBOX_STEP_MS)
        : manualConnector();
    return {
      module: PayinsModule,
      imports: [
        ServiceDatabaseModule.forService('payins', context, {
          migrations: [{ dir: PAYINS_MIGRATIONS_DIR }],
        }),
      ],
      controllers: [PayinsMessages, PayinTrackingMessages, SubscriptionsMessages, PosMessages],
      providers: [
        ...busClientProviders(context),
        { provide: PAYINS_SETTINGS, useValue: settings },
        {
          provide: PAYINS_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: async (pool: Pool) => {
            const store = new PgEventStore(pool, {
              schema: 'payins_events',
              environment: context.environment,
            });
            await store.migrate();
            return store;
          },
        },
        {
          provide: PayinsRepository,
          inject: [SERVICE_POOL, PAYINS_EVENTS],
          useFactory: (pool: Pool, events: PgEventStore) => new PayinsRepository(pool, events),
        },
        {
          provide: BusLedgerPort,
          inject: [BusClient],
          useFactory: (bus: BusClient) => new BusLedgerPort(bus),
        },
        {
          provide: BusIdentityPort,
          inject: [BusClient],
          useFactory: (bus: BusClient) => new BusIdentityPort(bus),
        },
        {
          provide: StoredCardsRepository,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => new StoredCardsRepository(pool),
        },
        {
          provide: StoredCardsService,
          inject: [StoredCardsRepository],
          useFactory: (cards: StoredCardsRepository) => new StoredCardsService(cards),
        },
        {
          provide: CollectionWorker,
          inject: [PayinsRepository, BusLedgerPort, StoredCardsRepository],
          useFactory: (
            payins: PayinsRepository,
            ledger: BusLedgerPort,
            cards: StoredCardsRepository,
          ) => new CollectionWorker(payins, ledger, cards),
        },
        {
          provide: DemoPayins,
          inject: [PayinsRepository, CollectionWorker],
          useFactory: (payins: PayinsRepository, worker: CollectionWorker) =>
            new DemoPayins(payins, worker, context.environment === 'test'),
        },
        {
          provide: PayinsService,
          inject: [PayinsRepository, BusIdentityPort, PAYINS_SETTINGS, StoredCardsRepository],
          useFactory: (
            payins: PayinsRepository,
            identity: BusIdentityPort,
            settings: PayinsSettings,
            cards: StoredCardsRepository,
          ) =>
            new PayinsService(
              payins,
              identity,
              connector,
              { qr_expiry_ms: settings.PAYINS_QR_EXPIRY_MS ?? null },
              cards,
            ),
        },
        {
          provide: CollectOtpsRepository,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => new CollectOtpsRepository(pool),
        },
        {
          provide: CollectService,
          inject: [PayinsRepository, BusIdentityPort, CollectOtpsRepository],
          useFactory: (
            payins: PayinsRepository,
            identity: BusIdentityPort,
            otps: CollectOtpsRepository,
          ) => new CollectService(payins, identity, connector, otps),
        },
        {
          provide: DepositAccountsRepository,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => new DepositAccountsRepository(pool),
        },
        {
          provide: DepositAccountsService,
          inject: [DepositAccountsRepository, BusIdentityPort],
          useFactory: (accounts: DepositAccountsRepository, identity: BusIdentityPort) =>
            new DepositAccountsService(accounts, identity),
        },
        {
          provide: PayinReceiptsService,
          inject: [PayinsRepository, DepositAccountsRepository, BusIdentityPort],
          useFactory: (
            payins: PayinsRepository,
            accounts: DepositAccountsRepository,
            identity: BusIdentityPort,
          ) => new PayinReceiptsService(payins, accounts, identity),
        },
        {
          provide: SandboxDepositsService,
          inject: [PayinsRepository, DepositAccountsRepository],
          useFactory: (payins: PayinsRepository, accounts: DepositAccountsRepository) =>
            new SandboxDepositsService(payins, accounts, connector),
        },
        {
          provide: RefundsService,
          inject: [PayinsRepository, BusLedgerPort],
          useFactory: (payins: PayinsRepository, ledger: BusLedgerPort) =>
            new RefundsService(payins, ledger),
        },
        {
          provide: CheckoutService,
          inject: [PayinsRepository, BusLedgerPort],
          useFactory: (payins: PayinsRepository, ledger: BusLedgerPort) =>
            new CheckoutService(payins, ledger, connector),
        },
        {
          provide: CheckoutCollectService,
          inject: [PayinsRepository, BusLedgerPort, CheckoutService, CollectOtpsRepository],
          useFactory: (
            payins: PayinsRepository,
            ledger: BusLedgerPort,
            checkout: CheckoutService,
            otps: CollectOtpsRepository,
          ) => new CheckoutCollectService(payins, ledger, connector, checkout, otps),
        },
        {
          provide: ConfirmationsService,
          inject: [PayinsRepository, CollectionWorker, BusIdentityPort],
          useFactory: (
            payins: PayinsRepository,
            worker: CollectionWorker,
            identity: BusIdentityPort,
          ) => new ConfirmationsService(payins, new ConfirmationsRepository(), worker, identity),
        },
        {
          provide: CheckoutTransferService,
          inject: [PayinsRepository, BusLedgerPort],
          useFactory: (payins: PayinsRepository, ledger: BusLedgerPort) =>
            new CheckoutTransferService(payins, ledger, connector),
        },
        {
          provide: CollectionScheduler,
          inject: [PayinsRepository, CollectionWorker, PAYINS_SETTINGS, DEAD_LETTERS],
          useFactory: (
            payins: PayinsRepository,
            worker: CollectionWorker,
            settings: PayinsSettings,
            dead_letters: DeadLetters,
          ) =>
            new CollectionScheduler(
              payins,
              worker,
              {
                poll_ms: collectionPollMs(settings),
                idle_poll_ms: COLLECTION_IDLE_POLL_MS,
                settlement_interval_ms: settings.PAYINS_SETTLEMENT_INTERVAL_MS,
              },
              {
                on_error: (error) => logger.warn(`collection step retrying: ${String(error)}`),
                on_set_aside: (source, payin_id, reason) =>
                  logger.error(
                    `${source}: payin ${payin_id} set aside as a dead letter: ${reason}`,
                  ),
              },
              dead_letters,
              poisonPolicyOf(settings),
            ),
        },
        PayinsLifecycle,
        ...subscriptionsProviders,
        eventRelayProvider({ service: 'payins', store: PAYINS_EVENTS }),
        {
          provide: PayinTracking,
          inject: [SERVICE_POOL, PayinsRepository],
          useFactory: (pool: Pool, payins: PayinsRepository) => new PayinTracking(pool, payins),
        },
      ],
    };
  }
}

export const payinsService: ServiceDefinition<typeof payinsSettingsSchema> = {
  name: 'payins',
  settings: payinsSettingsSchema,
  module: (context, settings) => PayinsModule.forRuntime(context, settings),
};
