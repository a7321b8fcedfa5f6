import type { Consumer } from 'kafkajs';

/** Where a partition stands: the offset after the last message handled, and after the last commit. */
interface PartitionPosition {
  topic: string;
  partition: number;
  next: bigint;
  committed: bigint | null;
}

/**
 * Commits a consumer's position at most once per interval, where kafkajs' autoCommit commits after
 * every batch: one request to the broker, and one write to its offsets log, per batch. For
 * consumers whose messages lose their worth once handled (a reply inbox, a broadcast), so that a
 * rejoin re-reading an interval's worth of them costs nothing but the reading. Their groups have
 * one member (an instance's own inbox, a broadcast group per subscriber), so every partition it
 * has positions for stays its own: a commit is never refused for a partition given away.
 */
export class SpacedCommits {
  private readonly positions = new Map<string, PartitionPosition>();
  private consumer: Consumer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private committing: Promise<void> = Promise.resolve();

  constructor(
    private readonly interval_ms: number,
    private readonly on_error: (error: unknown) => void,
  ) {}

  attach(consumer: Consumer): void {
    this.consumer = consumer;
  }

  /** A message was handled; its position is committed within the interval. */
  handled(topic: string, partition: number, offset: string): void {
    const next = BigInt(offset) + 1n;
    const key = `${topic}\u0000${partition}`;
    const known = this.positions.get(key);
    if (known && known.next >= next) return;
    this.positions.set(key, { topic, partition, next, committed: known?.committed ?? null });
    this.timer ??= setTimeout(() => void this.flush(), this.interval_ms);
    this.timer.unref();
  }

  /** Commits what was handled since the last commit (one commit at a time). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.committing = this.committing.then(() => this.commitOnce());
    return this.committing;
  }

  private async commitOnce(): Promise<void> {
    const due = [...this.positions.values()].filter(
      (position) => position.committed !== position.next,
    );
    if (due.length === 0 || !this.consumer) return;
    const offsets = due.map(({ topic, partition, next }) => ({
      topic,
      partition,
      offset: next.toString(),
    }));
    try {
      await this.consumer.commitOffsets(offsets);
      due.forEach((position, index) => (position.committed = BigInt(offsets[index]!.offset)));
    } catch (error) {
      // A rebalance or a closing consumer: the next commit, or the next owner, carries on.
      this.on_error(error);
    }
  }
}
