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
import { AccountStanding } from './application/account-standing';
import { BureauChanges } from './application/bureau-changes';
import {
  BUREAU_CHANGE_HANDLERS,
  BUREAU_PORT,
  BureauChangeHandlers,
  type BureauPort,
} from './application/bureau-port';
import { RISK_JOB_TASKS, RiskJobRunner, RiskJobTasks } from './application/risk-job-tasks';
import { PaymentHistoryProjection } from './application/payment-history';
import {
  FACTOR_CORRECTIONS,
  SubjectEvaluator,
  type FactorCorrections,
} from './application/subject-evaluator';
import { PaymentHistoryStore } from './infrastructure/payment-history.repository';
import { openRiskScoringEventStore, RISK_SCORING_EVENTS } from './infrastructure/risk-events';
import { openRiskJobs, RISK_JOBS } from './infrastructure/risk-jobs';
import { SandboxBureau } from './infrastructure/sandbox-bureau';
import { BureauMessages } from './messages/bureau.messages';
import { PaymentHistoryMessages } from './messages/history.messages';

/**
 * What every part of the service uses: the event store (outbox), the job queue and its task
 * registry, the bureau and its change handlers, the subject evaluator and the account's standing.
 */
export const coreProviders: Provider[] = [
  {
    provide: RISK_SCORING_EVENTS,
    inject: [SERVICE_POOL, PLATFORM_CONTEXT],
    useFactory: (pool: Pool, context: PlatformContext) =>
      openRiskScoringEventStore(pool, context.environment),
  },
  eventRelayProvider({ service: 'risk-scoring', store: RISK_SCORING_EVENTS }),
  {
    provide: RISK_JOBS,
    inject: [SERVICE_POOL, DEAD_LETTERS],
    useFactory: (pool: Pool, dead_letters: DeadLetters) => openRiskJobs(pool, dead_letters),
  },
  // Factories, not values: each runtime environment boots its own instance of the module.
  { provide: RISK_JOB_TASKS, useFactory: () => new RiskJobTasks() },
  {
    provide: RiskJobRunner,
    inject: [RISK_JOBS, RISK_JOB_TASKS],
    useFactory: (jobs: JobQueue, tasks: RiskJobTasks) => new RiskJobRunner(jobs, tasks),
  },
  {
    provide: SandboxBureau,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new SandboxBureau(pool),
  },
  // The only bureau so far is the sandbox's: a live bureau is another BureauPort here.
  { provide: BUREAU_PORT, useExisting: SandboxBureau },
  { provide: BUREAU_CHANGE_HANDLERS, useFactory: () => new BureauChangeHandlers() },
  {
    provide: BureauChanges,
    inject: [
      SERVICE_POOL,
      SandboxBureau,
      RISK_JOBS,
      BUREAU_CHANGE_HANDLERS,
      PLATFORM_CONTEXT,
      RISK_JOB_TASKS,
    ],
    useFactory: (
      pool: Pool,
      bureau: SandboxBureau,
      jobs: JobQueue,
      handlers: BureauChangeHandlers,
      context: PlatformContext,
      tasks: RiskJobTasks,
    ) => new BureauChanges(pool, bureau, jobs, handlers, context.environment, tasks),
  },
  {
    provide: AccountStanding,
    inject: [BusClient],
    useFactory: (bus: BusClient) => new AccountStanding(bus),
  },
  {
    provide: PaymentHistoryStore,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new PaymentHistoryStore(pool),
  },
  {
    provide: PaymentHistoryProjection,
    inject: [
      PaymentHistoryStore,
      RISK_JOBS,
      BusClient,
      DEAD_LETTERS,
      PLATFORM_CONTEXT,
      RISK_JOB_TASKS,
    ],
    useFactory: (
      history: PaymentHistoryStore,
      jobs: JobQueue,
      bus: BusClient,
      dead_letters: DeadLetters,
      context: PlatformContext,
      tasks: RiskJobTasks,
    ) => new PaymentHistoryProjection(history, jobs, bus, dead_letters, context.environment, tasks),
  },
  {
    provide: SubjectEvaluator,
    inject: [BUREAU_PORT, PaymentHistoryStore, { token: FACTOR_CORRECTIONS, optional: true }],
    useFactory: (
      bureau: BureauPort,
      history: PaymentHistoryStore,
      corrections?: FactorCorrections,
    ) => new SubjectEvaluator(bureau, history, corrections ?? null),
  },
];

export const coreControllers: Type[] = [BureauMessages, PaymentHistoryMessages];

export type { PgEventStore };
