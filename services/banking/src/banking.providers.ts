import { Logger, type Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { JobQueueRunner, type JobQueue } from '@platform/jobs';
import { BusClient } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';
import {
  DEAD_LETTERS,
  eventRelayProvider,
  PLATFORM_CONTEXT,
  SERVICE_POOL,
  type PlatformContext,
} from '@platform/runtime';
import { BankAccountsService } from './application/bank-accounts.service';
import {
  BANKING_JOB_TASKS,
  bankingJobTasks,
  type BankingJobTasks,
} from './application/banking-job-tasks';
import { CustomersService } from './application/customers.service';
import { OperationJournal } from './application/operation-journal';
import { OperationsService } from './application/operations.service';
import { ThirdPartiesService } from './application/third-parties.service';
import { BANKING_SETTINGS, type BankingSettings } from './banking.settings';
import { BANKING_EVENTS, openBankingEventStore } from './infrastructure/banking-events';
import { BANKING_JOBS, openBankingJobs } from './infrastructure/banking-jobs';
import { CustomerStore } from './infrastructure/customers.repository';
import { OperationStore } from './infrastructure/operations.repository';
import { ThirdPartyStore } from './infrastructure/third-parties.repository';

/** The banking service's parts; factories, as each runtime environment boots its own module. */
export const bankingProviders: Provider[] = [
  {
    provide: BANKING_EVENTS,
    inject: [SERVICE_POOL, PLATFORM_CONTEXT],
    useFactory: (pool: Pool, context: PlatformContext) =>
      openBankingEventStore(pool, context.environment),
  },
  eventRelayProvider({ service: 'banking', store: BANKING_EVENTS }),
  {
    provide: BANKING_JOBS,
    inject: [SERVICE_POOL, DEAD_LETTERS],
    useFactory: (pool: Pool, dead_letters: DeadLetters) => openBankingJobs(pool, dead_letters),
  },
  { provide: BANKING_JOB_TASKS, useFactory: bankingJobTasks },
  {
    provide: JobQueueRunner,
    inject: [BANKING_JOBS, BANKING_JOB_TASKS],
    useFactory: (jobs: JobQueue, tasks: BankingJobTasks) =>
      new JobQueueRunner(jobs, tasks, (message) => new Logger('banking').warn(message)),
  },
  {
    provide: CustomerStore,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new CustomerStore(pool),
  },
  {
    provide: OperationStore,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new OperationStore(pool),
  },
  {
    provide: ThirdPartyStore,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new ThirdPartyStore(pool),
  },
  {
    provide: OperationJournal,
    inject: [OperationStore, BANKING_EVENTS],
    useFactory: (operations: OperationStore, events: PgEventStore) =>
      new OperationJournal(operations, events),
  },
  {
    provide: CustomersService,
    inject: [
      SERVICE_POOL,
      CustomerStore,
      BANKING_EVENTS,
      BANKING_JOBS,
      BusClient,
      PLATFORM_CONTEXT,
      BANKING_SETTINGS,
      BANKING_JOB_TASKS,
    ],
    useFactory: (
      pool: Pool,
      customers: CustomerStore,
      events: PgEventStore,
      jobs: JobQueue,
      bus: BusClient,
      context: PlatformContext,
      settings: BankingSettings,
      tasks: BankingJobTasks,
    ) =>
      new CustomersService(
        pool,
        customers,
        events,
        jobs,
        bus,
        context.environment,
        settings.SANDBOX_STEP_MS,
        tasks,
      ),
  },
  {
    provide: BankAccountsService,
    inject: [CustomerStore],
    useFactory: (customers: CustomerStore) => new BankAccountsService(customers),
  },
  {
    provide: ThirdPartiesService,
    inject: [SERVICE_POOL, CustomerStore, ThirdPartyStore],
    useFactory: (pool: Pool, customers: CustomerStore, third_parties: ThirdPartyStore) =>
      new ThirdPartiesService(pool, customers, third_parties),
  },
  {
    provide: OperationsService,
    inject: [
      SERVICE_POOL,
      CustomerStore,
      ThirdPartyStore,
      OperationStore,
      OperationJournal,
      BANKING_JOBS,
      PLATFORM_CONTEXT,
      BANKING_SETTINGS,
      BANKING_JOB_TASKS,
    ],
    useFactory: (
      pool: Pool,
      customers: CustomerStore,
      third_parties: ThirdPartyStore,
      operations: OperationStore,
      journal: OperationJournal,
      jobs: JobQueue,
      context: PlatformContext,
      settings: BankingSettings,
      tasks: BankingJobTasks,
    ) =>
      new OperationsService(
        pool,
        customers,
        third_parties,
        operations,
        journal,
        jobs,
        context.environment,
        settings.SANDBOX_STEP_MS,
        { USD: settings.BANKING_PAYMENT_FEE_USD, EUR: settings.BANKING_PAYMENT_FEE_EUR },
        tasks,
      ),
  },
];
