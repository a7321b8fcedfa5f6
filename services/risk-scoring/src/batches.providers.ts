import type { Provider, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import type { TransferArea } from '@platform/object-storage';
import {
  openTransferArea,
  PLATFORM_CONTEXT,
  SERVICE_POOL,
  TRANSFER_AREA,
  type PlatformContext,
} from '@platform/runtime';
import { AccountStanding } from './application/account-standing';
import { BatchCreation } from './application/batches/batch-creation';
import { BatchItemEvaluation } from './application/batches/batch-item-evaluation';
import { BATCH_RUN_TASK, type BatchRunPayload } from './application/batches/batch-jobs';
import { BatchQueries } from './application/batches/batch-queries';
import { BatchRecovery } from './application/batches/batch-recovery';
import { BatchRuns } from './application/batches/batch-runs';
import { ReportsService } from './application/reports.service';
import { RISK_JOB_TASKS, type RiskJobTasks } from './application/risk-job-tasks';
import { BatchesRepository } from './infrastructure/batches/batches.repository';
import { RISK_SCORING_EVENTS } from './infrastructure/risk-events';
import { RISK_JOBS } from './infrastructure/risk-jobs';
import { BatchesMessages } from './messages/batches.messages';

/** 100 items a transaction: a crash loses at most one chunk's work, redone without duplicates. */
const CHUNK_SIZE = 100;
const ITEMS_AT_ONCE = 4;
const RECOVERY = { check_every_ms: 30_000, idle_ms: 120_000 };

/** Credit-scoring batches (decisions D10): creation, the run job, its recovery, the reads. */
export const batchProviders: Provider[] = [
  {
    provide: BatchesRepository,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new BatchesRepository(pool),
  },
  {
    provide: TRANSFER_AREA,
    inject: [PLATFORM_CONTEXT],
    useFactory: (context: PlatformContext) => openTransferArea(context),
  },
  {
    provide: BatchCreation,
    inject: [BatchesRepository, AccountStanding, RISK_JOBS, TRANSFER_AREA],
    useFactory: (
      batches: BatchesRepository,
      standing: AccountStanding,
      jobs: JobQueue,
      transfers: TransferArea,
    ) => new BatchCreation(batches, standing, jobs, transfers),
  },
  {
    provide: BatchRuns,
    inject: [BatchesRepository, ReportsService, RISK_SCORING_EVENTS, RISK_JOB_TASKS],
    useFactory: (
      batches: BatchesRepository,
      reports: ReportsService,
      events: PgEventStore,
      tasks: RiskJobTasks,
    ) => {
      const runs = new BatchRuns(batches, new BatchItemEvaluation(batches, reports), events, {
        chunk_size: CHUNK_SIZE,
        concurrency: ITEMS_AT_ONCE,
      });
      tasks.add({ [BATCH_RUN_TASK]: (payload: BatchRunPayload, job) => runs.run(payload, job) });
      return runs;
    },
  },
  {
    provide: BatchRecovery,
    inject: [BatchesRepository, RISK_JOBS],
    useFactory: (batches: BatchesRepository, jobs: JobQueue) =>
      new BatchRecovery(batches, jobs, RECOVERY),
  },
  {
    provide: BatchQueries,
    inject: [BatchesRepository],
    useFactory: (batches: BatchesRepository) => new BatchQueries(batches),
  },
];

export const batchControllers: Type[] = [BatchesMessages];
