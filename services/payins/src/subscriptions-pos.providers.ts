import type { Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import type { DeadLetters } from '@platform/persistence';
import { DEAD_LETTERS, SERVICE_POOL } from '@platform/runtime';
import { PayinsService } from './application/payins.service';
import { PosService } from './application/pos.service';
import { SubscriptionCharger } from './application/subscription-charger';
import { SubscriptionsService } from './application/subscriptions.service';
import { BusIdentityPort, BusLedgerPort } from './infrastructure/bus-ports';
import { PosRepository } from './infrastructure/pos.repository';
import { PAYINS_EVENTS } from './infrastructure/payins.repository';
import { StoredCardsRepository } from './infrastructure/stored-cards.repository';
import {
  openPayinsJobs,
  PAYINS_JOBS,
  PayinsJobRunner,
  QueuedChargeJobs,
  subscriptionJobTasks,
} from './infrastructure/subscription-jobs';
import { SubscriptionsRepository } from './infrastructure/subscriptions.repository';

/** Subscriptions (their repository, services and the job queue that charges them) and POS. */
export const subscriptionsProviders: Provider[] = [
  {
    provide: PAYINS_JOBS,
    inject: [SERVICE_POOL, DEAD_LETTERS],
    useFactory: (pool: Pool, dead_letters: DeadLetters) => openPayinsJobs(pool, dead_letters),
  },
  {
    provide: QueuedChargeJobs,
    inject: [PAYINS_JOBS],
    useFactory: (queue: JobQueue) => new QueuedChargeJobs(queue),
  },
  {
    provide: SubscriptionsRepository,
    inject: [SERVICE_POOL, PAYINS_EVENTS],
    useFactory: (pool: Pool, events: PgEventStore) => new SubscriptionsRepository(pool, events),
  },
  {
    provide: SubscriptionsService,
    inject: [SubscriptionsRepository, StoredCardsRepository, BusIdentityPort, QueuedChargeJobs],
    useFactory: (
      subscriptions: SubscriptionsRepository,
      cards: StoredCardsRepository,
      identity: BusIdentityPort,
      jobs: QueuedChargeJobs,
    ) => new SubscriptionsService(subscriptions, cards, identity, jobs),
  },
  {
    provide: SubscriptionCharger,
    inject: [SubscriptionsRepository, PayinsService, QueuedChargeJobs],
    useFactory: (
      subscriptions: SubscriptionsRepository,
      payins: PayinsService,
      jobs: QueuedChargeJobs,
    ) => new SubscriptionCharger(subscriptions, (command) => payins.create(command, true), jobs),
  },
  {
    provide: PosService,
    inject: [SERVICE_POOL, PAYINS_EVENTS, BusLedgerPort, BusIdentityPort],
    useFactory: (
      pool: Pool,
      events: PgEventStore,
      ledger: BusLedgerPort,
      identity: BusIdentityPort,
    ) => new PosService(new PosRepository(pool, events), ledger, identity),
  },
  {
    provide: PayinsJobRunner,
    inject: [PAYINS_JOBS, SubscriptionCharger, SubscriptionsRepository],
    useFactory: (
      queue: JobQueue,
      charger: SubscriptionCharger,
      subscriptions: SubscriptionsRepository,
    ) => new PayinsJobRunner(queue, subscriptionJobTasks(charger, subscriptions)),
  },
];
