import { createHash, randomUUID } from 'node:crypto';
import {
  DomainError,
  IdempotencyKey,
  RISK_BATCH_CSV_MAX_BYTES,
  type CreateRiskBatchCommand,
  type RiskBatchResource,
} from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import type { TransferArea } from '@platform/object-storage';
import { ABSENT_BATCH, decide, evolveAll } from '../../domain/batches/batch';
import { textOfCsvFile } from '../../domain/batches/batch-file';
import {
  itemsOfRows,
  rowsOfCsv,
  rowsOfItems,
  type BatchRow,
} from '../../domain/batches/batch-rows';
import { parsePurpose } from '../../domain/subjects/purpose';
import { csvRecords } from '../../infrastructure/batches/csv-records';
import {
  batchResource,
  type BatchesRepository,
  type StoredBatch,
} from '../../infrastructure/batches/batches.repository';
import type { AccountStanding } from '../account-standing';
import { BATCH_RUN_TASK, batchJobKey } from './batch-jobs';

/** A batch without a purpose evaluates its subjects for credit, the bureau's usual case. */
const DEFAULT_PURPOSE = 'credit_evaluation';

/**
 * Creating a batch (decisions D10): its rows are read (JSON items or a staged CSV), each judged
 * as a subject, and the batch, its items and its first run job are stored in one transaction,
 * so a batch exists only with the job that evaluates it. One batch per (account, key).
 */
export class BatchCreation {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly standing: AccountStanding,
    private readonly jobs: JobQueue,
    private readonly transfers: TransferArea,
  ) {}

  async create(command: CreateRiskBatchCommand): Promise<RiskBatchResource> {
    const idempotency_key = IdempotencyKey.parse(command.idempotency_key);
    const purpose = parsePurpose(command.purpose ?? DEFAULT_PURPOSE);
    const { source, rows } = await this.rowsOf(command);
    const request_fingerprint = createHash('sha256')
      .update(JSON.stringify({ purpose, source, rows }))
      .digest('hex');
    const replay = idempotency_key
      ? await this.replayOf(command.account_id, idempotency_key, request_fingerprint)
      : null;
    if (replay) return replay;
    await this.standing.assertVerified(command.account_id);
    const items = itemsOfRows(rows);
    const pending = items.filter((item) => item.status === 'pending').length;
    const state = evolveAll(
      ABSENT_BATCH,
      decide(
        { type: 'open_batch', data: { pending, invalid: items.length - pending } },
        ABSENT_BATCH,
      ),
    );
    const batch: StoredBatch = {
      batch_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      purpose,
      source,
      request_fingerprint,
      state,
      created_at: new Date(),
      completed_at: null,
    };
    const inserted = await this.batches.transaction(async (client) => {
      const row = await this.batches.insert(client, { ...batch, idempotency_key }, items);
      if (row) {
        await this.jobs.scheduleInTransaction(
          client,
          BATCH_RUN_TASK,
          { batch_id: row.batch_id },
          { job_key: batchJobKey(row.batch_id) },
        );
      }
      return row;
    });
    if (inserted) return batchResource(inserted);
    // A concurrent request with the same key won: answer its batch.
    const raced = idempotency_key
      ? await this.replayOf(command.account_id, idempotency_key, request_fingerprint)
      : null;
    if (!raced) throw new Error('a batch conflicted on its idempotency key and vanished');
    return raced;
  }

  private async replayOf(
    account_id: string,
    idempotency_key: string,
    request_fingerprint: string,
  ): Promise<RiskBatchResource | null> {
    const earlier = await this.batches.byKey(account_id, idempotency_key);
    if (!earlier) return null;
    if (earlier.request_fingerprint !== request_fingerprint)
      throw new DomainError(
        'idempotency_conflict',
        'this idempotency_key was used for another batch',
      );
    return batchResource(earlier);
  }

  private async rowsOf(
    command: CreateRiskBatchCommand,
  ): Promise<{ source: 'json' | 'csv'; rows: BatchRow[] }> {
    if (command.items && command.file)
      throw new DomainError('invalid_request', 'send JSON items or a CSV file, not both');
    if (command.items) return { source: 'json', rows: rowsOfItems(command.items) };
    if (!command.file) throw new DomainError('invalid_request', 'send items or a CSV file');
    if (command.file.size_bytes > RISK_BATCH_CSV_MAX_BYTES)
      throw new DomainError('file_too_large', 'a batch file holds at most 1 MB');
    const text = textOfCsvFile(await this.transfers.take(command.file.upload_key));
    return { source: 'csv', rows: rowsOfCsv(await csvRecords(text)) };
  }
}
