import type { AppendOutcome, BatchedAppend } from './append';

/**
 * Writes a batch; per part, in order, its outcome, or null when that part must be appended on its
 * own (its head was not as expected, or the batch failed and the part's own try will tell why).
 */
export type BatchWriter = (batch: readonly BatchedAppend[]) => Promise<(AppendOutcome | null)[]>;

export interface AppendBatcherLimits {
  /** Batches written at once; further appends wait and go together in the next batch. */
  max_in_flight: number;
  /** Streams in one batch. */
  max_streams: number;
}

interface Waiting extends BatchedAppend {
  streams: readonly string[];
  settle: (outcome: AppendOutcome | null) => void;
  fail: (error: unknown) => void;
}

/**
 * Group commit for appends: while `max_in_flight` batches are being written, appends wait, and
 * the ones waiting when a batch ends are written together, in one statement and one commit. An
 * idle store writes an append at once; a busy one pays one round trip, one position allocation
 * and one WAL flush per batch instead of per append. No stream is in two batches at once, nor
 * twice in one, so a batch's heads are read after the previous write of each stream has ended.
 */
export class AppendBatcher {
  private readonly waiting: Waiting[] = [];
  private readonly streams_in_flight = new Set<string>();
  private in_flight = 0;

  constructor(
    private readonly write: BatchWriter,
    private readonly limits: AppendBatcherLimits,
  ) {}

  submit(part: BatchedAppend): Promise<AppendOutcome | null> {
    return new Promise((settle, fail) => {
      const streams = part.appends.map((append) => append.stream);
      this.waiting.push({ ...part, streams, settle, fail });
      this.pump();
    });
  }

  private pump(): void {
    while (this.in_flight < this.limits.max_in_flight) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.in_flight += 1;
      for (const part of batch)
        for (const stream of part.streams) this.streams_in_flight.add(stream);
      void this.flush(batch).finally(() => {
        for (const part of batch) {
          for (const stream of part.streams) this.streams_in_flight.delete(stream);
        }
        this.in_flight -= 1;
        this.pump();
      });
    }
  }

  /**
   * The waiting parts, oldest first, that fit: none of their streams in flight or already taken.
   * A part left behind keeps its place, so appends to one stream are written in arrival order.
   */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const taken = new Set<string>();
    let stream_count = 0;
    for (let index = 0; index < this.waiting.length;) {
      const part = this.waiting[index]!;
      const blocked = part.streams.some(
        (stream) => taken.has(stream) || this.streams_in_flight.has(stream),
      );
      const fits =
        batch.length === 0 || stream_count + part.streams.length <= this.limits.max_streams;
      // Blocked streams also block later parts of the same streams (they stay behind it).
      for (const stream of part.streams) taken.add(stream);
      if (blocked || !fits) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      batch.push(part);
      stream_count += part.streams.length;
    }
    return batch;
  }

  private async flush(batch: readonly Waiting[]): Promise<void> {
    try {
      const outcomes = await this.write(batch);
      batch.forEach((part, index) => part.settle(outcomes[index] ?? null));
    } catch (error) {
      // Alone, the error is the part's own; in a batch, each part's own try tells whose it was.
      if (batch.length === 1) batch[0]!.fail(error);
      else for (const part of batch) part.settle(null);
    }
  }
}
