import { JobTaskRegistry } from '@platform/jobs';

/** The registry of the banking job queue's tasks: each part adds its own at construction. */
export const BANKING_JOB_TASKS = Symbol('BANKING_JOB_TASKS');
export type BankingJobTasks = JobTaskRegistry;
export const bankingJobTasks = (): BankingJobTasks => new JobTaskRegistry('banking');
