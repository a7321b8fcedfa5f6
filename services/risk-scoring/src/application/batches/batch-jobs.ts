/** The job that evaluates a batch's pending items, chunk by chunk. */
export const BATCH_RUN_TASK = 'batches.run';

export interface BatchRunPayload {
  batch_id: string;
}

/** One pending run per batch: a reschedule replaces it (or, while one runs, queues the next). */
export const batchJobKey = (batch_id: string): string => `risk-batch:${batch_id}`;

/** The stream of a batch's events. */
export const batchStream = (batch_id: string): string => `risk-batch-${batch_id}`;

/** Each item's report is created under this key: a rerun of the item finds the same report. */
export const itemReportKey = (batch_id: string, position: number): string =>
  `risk-batch:${batch_id}:${position}`;
