import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { DeadLetters } from '@platform/persistence';
import {
  busClientProviders,
  eventRelayProvider,
  type PlatformContext,
  DEAD_LETTERS,
  SERVICE_POOL,
  ServiceDatabaseModule,
  type ServiceDefinition,
} from '@platform/runtime';
import { LedgerCommands } from './application/ledger-commands';
import { LedgerQueries } from './application/ledger-queries';
import { LEDGER_MIGRATIONS_DIR } from './infrastructure/balances-projection';
import { countAppendConflict, countTransfersAppended } from './infrastructure/ledger-metrics';
import { LedgerLifecycle } from './infrastructure/ledger-lifecycle';
import { LEDGER_EVENTS, openLedgerEventStore } from './infrastructure/ledger-store';
import { LEDGER_SUBSCRIPTION_LINGER_MS } from './infrastructure/projection-replay';
import { swapSettingsOf, type SwapSettings } from './infrastructure/swap-settings';
import { LEDGER_SETTINGS, ledgerSettingsSchema, type LedgerSettings } from './ledger.settings';
import { LedgerMessages } from './messages/ledger.messages';
import { PublicLedgerMessages } from './messages/public-ledger.messages';
import { BankingSeriesMessages } from './messages/banking-series.messages';
import { BankingSeriesProjection } from './application/banking-series';
import { publicLedgerProviders } from './public-ledger.providers';

/** The rate table (loaded once at boot) and the limits. */
const SWAP_SETTINGS = Symbol('SWAP_SETTINGS');

/** The ledger service. Both runtimes boot it through `ledgerService`. */
@Module({})
export class LedgerModule {
  static forRuntime(context: PlatformContext, settings: LedgerSettings): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        ServiceDatabaseModule.forService('ledger', context, {
          migrations: [{ dir: LEDGER_MIGRATIONS_DIR }],
        }),
      ],
      controllers: [LedgerMessages, PublicLedgerMessages, BankingSeriesMessages],
      providers: [
        {
          provide: LEDGER_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openLedgerEventStore(pool, context.environment),
        },
        { provide: LEDGER_SETTINGS, useValue: settings },
        {
          provide: SWAP_SETTINGS,
          inject: [LEDGER_SETTINGS],
          useFactory: (ledger_settings: LedgerSettings) => swapSettingsOf(ledger_settings),
        },
        {
          provide: LedgerCommands,
          inject: [LEDGER_EVENTS, SWAP_SETTINGS],
          useFactory: (store: PgEventStore, swap: SwapSettings) =>
            new LedgerCommands(store, {
              swap,
              backdating: context.environment === 'test',
              on_conflict: countAppendConflict,
              on_transfers_appended: countTransfersAppended,
            }),
        },
        {
          provide: LedgerQueries,
          inject: [SERVICE_POOL, SWAP_SETTINGS],
          useFactory: (pool: Pool, swap: SwapSettings) => new LedgerQueries(pool, swap.rates),
        },
        LedgerLifecycle,
        {
          provide: BankingSeriesProjection,
          inject: [SERVICE_POOL, DEAD_LETTERS],
          useFactory: (pool: Pool, dead_letters: DeadLetters) =>
            new BankingSeriesProjection(pool, dead_letters, context.environment),
        },
        eventRelayProvider({
          service: 'ledger',
          store: LEDGER_EVENTS,
          linger_ms: LEDGER_SUBSCRIPTION_LINGER_MS,
        }),
        ...busClientProviders(context),
        ...publicLedgerProviders(SWAP_SETTINGS),
      ],
    };
  }
}

export const ledgerService: ServiceDefinition<typeof ledgerSettingsSchema> = {
  name: 'ledger',
  settings: ledgerSettingsSchema,
  module: (context, settings) => LedgerModule.forRuntime(context, settings),
};
