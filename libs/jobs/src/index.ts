export { EVERY_DAY_AT_MIDNIGHT_UTC, EVERY_HOUR, EVERY_MINUTE, toParsedCronItems } from './crontab';
export type { RecurringJob } from './crontab';
export { createJobQueue } from './job-queue';
export type {
  JobContext,
  JobHandler,
  JobKeyMode,
  JobPayload,
  JobQueue,
  JobQueueOptions,
  JobTasks,
  ScheduleOptions,
  ScheduledJob,
} from './job-queue';
export { graphileLogger } from './logger';
export type { JobLogLevel, JobLogger } from './logger';
export { JobQueueRunner, JobTaskRegistry } from './job-task-registry';
