import { Logger } from '@nestjs/common';
import type { PgEventStore } from '@platform/event-store';
import type { JobContext } from '@platform/jobs';
import type { RiskPurpose } from '@platform/contracts';
import { decide, evolveAll, isFinished, type BatchCommand } from '../../domain/batches/batch';
import type { ItemResult } from '../../infrastructure/batches/batch-items.repository';
import type {
  BatchesRepository,
  StoredBatch,
} from '../../infrastructure/batches/batches.repository';
import type { BatchItemEvaluation } from './batch-item-evaluation';
import { batchStream, type BatchRunPayload } from './batch-jobs';

export interface BatchRunOptions {
  /** Items evaluated, then recorded together in one transaction. */
  chunk_size: number;
  /** Items of a chunk evaluated at once. */
  concurrency: number;
}

/**
 * The job that evaluates a batch: chunk after chunk, the next pending items are evaluated and
 * their results, the batch's counts and (at the end) `risk-scoring.batch_completed` commit in
 * one transaction. Progress is the pending items themselves, so a run cut short anywhere
 * (a crash mid-chunk) is resumed by the next run from the first item not yet recorded; the
 * items it had evaluated find their reports again by key. One run at a time holds the batch's
 * lease; a run that finds it held ends at once.
 */
export class BatchRuns {
  private readonly logger = new Logger('risk-batches');

  constructor(
    private readonly batches: BatchesRepository,
    private readonly evaluation: BatchItemEvaluation,
    private readonly events: PgEventStore,
    private readonly options: BatchRunOptions,
  ) {}

  async run(payload: BatchRunPayload, context: JobContext): Promise<void> {
    const lease = await this.batches.lease(payload.batch_id);
    if (!lease) return;
    try {
      await this.evaluatePending(payload.batch_id, context);
    } catch (error) {
      // The job retries with backoff; on its last attempt the batch fails as a whole.
      if (context.attempt >= context.max_attempts) {
        await this.apply(payload.batch_id, {
          type: 'fail_batch',
          data: { reason: 'the batch could not be evaluated' },
        });
        this.logger.error(`batch ${payload.batch_id} failed: ${String(error)}`);
        return;
      }
      throw error;
    } finally {
      await lease.release();
    }
  }

  private async evaluatePending(batch_id: string, context: JobContext): Promise<void> {
    for (;;) {
      const batch = await this.batches.find(batch_id);
      if (!batch || isFinished(batch.state)) return;
      // A worker shutting down stops between chunks; the next boot reschedules the batch.
      if (context.abort_signal.aborted) return;
      const pending = await this.batches.items.pending(batch_id, this.options.chunk_size);
      if (pending.length === 0) throw new Error(`batch ${batch_id} counts items that are gone`);
      const results: ItemResult[] = [];
      const batch_context = {
        batch_id,
        account_id: batch.account_id,
        org_id: batch.org_id,
        purpose: batch.purpose as RiskPurpose,
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(this.options.concurrency, pending.length) }, async () => {
          while (next < pending.length) {
            const item = pending[next++];
            if (item) results.push(await this.evaluation.evaluate(batch_context, item));
          }
        }),
      );
      await this.apply(batch_id, { type: 'record_chunk', data: { outcomes: [] } }, results);
    }
  }

  /** Decides and stores one step of the batch, with its items and event, in one transaction. */
  private async apply(
    batch_id: string,
    command: BatchCommand,
    results: readonly ItemResult[] = [],
  ): Promise<void> {
    await this.batches.transaction(async (client) => {
      const batch = await this.batches.lock(client, batch_id);
      if (!batch || isFinished(batch.state)) return;
      let decided = command;
      if (command.type === 'record_chunk') {
        const stored = await this.batches.items.storeResults(client, batch_id, results);
        if (stored !== results.length) throw new Error(`batch ${batch_id} was run twice at once`);
        decided = { type: 'record_chunk', data: { outcomes: results.map((r) => r.status) } };
      }
      if (command.type === 'fail_batch') {
        await this.batches.items.failPending(client, batch_id, command.data.reason);
      }
      const state = evolveAll(batch.state, decide(decided, batch.state));
      const reason = command.type === 'fail_batch' ? command.data.reason : null;
      const completed_at = await this.batches.saveState(client, batch_id, state, reason);
      if (completed_at) await this.announce(client, { ...batch, state }, completed_at);
    });
  }

  private async announce(
    client: Parameters<PgEventStore['appendInTransaction']>[0],
    batch: StoredBatch,
    completed_at: Date,
  ): Promise<void> {
    const { state } = batch;
    if (state.status !== 'completed' && state.status !== 'failed') return;
    await this.events.appendInTransaction(
      client,
      batchStream(batch.batch_id),
      [
        {
          type: 'risk-scoring.batch_completed',
          data: {
            batch_id: batch.batch_id,
            account_id: batch.account_id,
            status: state.status,
            total: state.total,
            processed: state.total - state.counts.pending,
            completed: state.counts.completed,
            no_score: state.counts.no_score,
            consent_required: state.counts.consent_required,
            invalid: state.counts.invalid,
            failed: state.counts.failed,
            completed_at: completed_at.toISOString(),
          },
          org_id: batch.org_id,
          account_id: batch.account_id,
        },
      ],
      { expected_version: 'no_stream' },
    );
  }
}
