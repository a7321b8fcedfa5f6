import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { BusClient } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  eventRelayProvider,
  PLATFORM_CONTEXT,
  SERVICE_POOL,
  type PlatformContext,
} from '@platform/runtime';
import {
  ACCOUNT_PORTS,
  CARD_LEDGER,
  type AccountPorts,
  type CardLedger,
} from './application/account-ports';
import { CardFees } from './application/card-fees';
import { CARD_ISSUER_PORT, type CardIssuerPort } from './application/card-issuer.port';
import { CardJobRunner } from './application/card-job-runner';
import { CardStatusChanges } from './application/card-status';
import { CardTransactions } from './application/card-transactions';
import { CardsService } from './application/cards.service';
import { CARDS_SETTINGS, type CardsSettings } from './cards.settings';
import { BusAccountPorts, BusCardLedger } from './infrastructure/bus-ports';
import { CARDS_EVENTS, openCardsEventStore } from './infrastructure/card-events';
import { CardFeesRepository } from './infrastructure/card-fees.repository';
import { CARDS_JOBS, openCardJobs } from './infrastructure/card-jobs';
import { CardTransactionsRepository } from './infrastructure/card-transactions.repository';
import { CardsRepository } from './infrastructure/cards.repository';
import { SandboxCardIssuer } from './infrastructure/sandbox-issuer';
import { CardsMessages } from './messages/cards.messages';

/** Everything the cards service runs on. Factories: each environment boots its own instances. */
export const cardsProviders: Provider[] = [
  {
    provide: CARDS_EVENTS,
    inject: [SERVICE_POOL, PLATFORM_CONTEXT],
    useFactory: (pool: Pool, context: PlatformContext) =>
      openCardsEventStore(pool, context.environment),
  },
  eventRelayProvider({ service: 'cards', store: CARDS_EVENTS }),
  {
    provide: CARDS_JOBS,
    inject: [SERVICE_POOL, DEAD_LETTERS],
    useFactory: (pool: Pool, dead_letters: DeadLetters) => openCardJobs(pool, dead_letters),
  },
  // The only issuer so far is the sandbox's: a live issuer is another CardIssuerPort here.
  {
    provide: CARD_ISSUER_PORT,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new SandboxCardIssuer(pool),
  },
  {
    provide: ACCOUNT_PORTS,
    inject: [BusClient],
    useFactory: (bus: BusClient) => new BusAccountPorts(bus),
  },
  {
    provide: CARD_LEDGER,
    inject: [BusClient],
    useFactory: (bus: BusClient) => new BusCardLedger(bus),
  },
  {
    provide: CardsRepository,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new CardsRepository(pool),
  },
  {
    provide: CardFeesRepository,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new CardFeesRepository(pool),
  },
  {
    provide: CardTransactionsRepository,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new CardTransactionsRepository(pool),
  },
  {
    provide: CardStatusChanges,
    inject: [SERVICE_POOL, CardsRepository, CARDS_EVENTS],
    useFactory: (pool: Pool, cards: CardsRepository, events: PgEventStore) =>
      new CardStatusChanges(pool, cards, events),
  },
  {
    provide: CardFees,
    inject: [
      CardsRepository,
      CardFeesRepository,
      CARD_LEDGER,
      ACCOUNT_PORTS,
      CardStatusChanges,
      DEAD_LETTERS,
      CARDS_SETTINGS,
    ],
    useFactory: (
      cards: CardsRepository,
      fees: CardFeesRepository,
      ledger: CardLedger,
      accounts: AccountPorts,
      status: CardStatusChanges,
      dead_letters: DeadLetters,
      settings: CardsSettings,
    ) =>
      new CardFees(cards, fees, ledger, accounts, status, dead_letters, settings.CARD_MONTHLY_FEE),
  },
  {
    provide: CardsService,
    inject: [
      SERVICE_POOL,
      CardsRepository,
      CARD_ISSUER_PORT,
      ACCOUNT_PORTS,
      CardStatusChanges,
      CardFees,
      CARDS_EVENTS,
      CARDS_SETTINGS,
    ],
    useFactory: (
      pool: Pool,
      cards: CardsRepository,
      issuer: CardIssuerPort,
      accounts: AccountPorts,
      status: CardStatusChanges,
      fees: CardFees,
      events: PgEventStore,
      settings: CardsSettings,
    ) =>
      new CardsService(pool, cards, issuer, accounts, status, fees, events, {
        physical_available: settings.CARD_PHYSICAL_AVAILABLE,
      }),
  },
  {
    provide: CardTransactions,
    inject: [
      SERVICE_POOL,
      CardsRepository,
      CardTransactionsRepository,
      CARD_LEDGER,
      ACCOUNT_PORTS,
      CARDS_EVENTS,
    ],
    useFactory: (
      pool: Pool,
      cards: CardsRepository,
      transactions: CardTransactionsRepository,
      ledger: CardLedger,
      accounts: AccountPorts,
      events: PgEventStore,
    ) => new CardTransactions(pool, cards, transactions, ledger, accounts, events),
  },
  {
    provide: CardJobRunner,
    inject: [CARDS_JOBS, CardFees],
    useFactory: (jobs: JobQueue, fees: CardFees) => new CardJobRunner(jobs, fees),
  },
];

export const cardsControllers: Type[] = [CardsMessages];
