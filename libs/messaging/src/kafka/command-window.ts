/** Where a partition's next owner starts: the Kafka commit (the offset of the next record to run). */
export interface PartitionCommit {
  partition: number;
  offset: string;
}

interface PartitionWindow {
  /** Offsets taken and not yet answered, with how many copies run (a redelivery runs twice). */
  running: Map<bigint, number>;
  /** The offset after the highest one taken. */
  next: bigint;
  /** What was last handed out to commit; null before the first. */
  committed: bigint | null;
  /** Whether this consumer owns the partition (commits its position). */
  owned: boolean;
}

/**
 * The commands one service consumer has taken from its partitions and not yet answered.
 *
 * Commands need no order between them, only low latency: the consumer takes the next records
 * while earlier ones still run, so a slow command (a registration confirm seeding its demo
 * history) no longer holds up every command behind it on its partition. Up to `capacity` run at
 * once; past that, `admit` waits. What is committed for a partition is its first offset still
 * running: a process that dies leaves its unanswered commands to the partition's next owner
 * (which drops those past their deadline), as before, when a batch was committed once it had run.
 */
export class CommandWindow {
  private readonly partitions = new Map<number, PartitionWindow>();
  private running_count = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly drain_waiters: Array<() => void> = [];

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`a command window holds at least one command, not ${capacity}`);
  }

  get size(): number {
    return this.running_count;
  }

  /** Whether fewer than `capacity` commands run. */
  hasRoom(): boolean {
    return this.running_count < this.capacity;
  }

  /** Resolves once fewer than `capacity` commands run (at once when they already do). */
  admit(): Promise<void> {
    if (this.running_count < this.capacity) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The command at `offset` of `partition` starts running. */
  start(partition: number, offset: string): void {
    const window = this.windowOf(partition);
    const at = BigInt(offset);
    window.running.set(at, (window.running.get(at) ?? 0) + 1);
    if (at >= window.next) window.next = at + 1n;
    this.running_count++;
  }

  /** The command at `offset` of `partition` is answered (or dropped). */
  finish(partition: number, offset: string): void {
    const window = this.partitions.get(partition);
    const at = BigInt(offset);
    const copies = window?.running.get(at);
    if (!window || copies === undefined) return;
    if (copies > 1) window.running.set(at, copies - 1);
    else window.running.delete(at);
    if (!window.owned && window.running.size === 0) this.partitions.delete(partition);
    this.running_count--;
    this.waiting.shift()?.();
    if (this.running_count === 0) for (const resolve of this.drain_waiters.splice(0)) resolve();
  }

  /**
   * The consumer now owns only `partitions` (a rebalance): the others' positions are another
   * member's to commit. Their commands still running finish, uncommitted here.
   */
  assign(partitions: readonly number[]): void {
    const owned = new Set(partitions);
    for (const [partition, window] of this.partitions) {
      if (!owned.has(partition) && window.running.size === 0) this.partitions.delete(partition);
      else if (!owned.has(partition)) window.owned = false;
      else if (!window.owned) Object.assign(window, { owned: true, committed: null });
    }
  }

  /** Per partition whose position moved since the last call: where its next owner starts. */
  takeCommits(): PartitionCommit[] {
    const commits: PartitionCommit[] = [];
    for (const [partition, window] of this.partitions) {
      if (!window.owned) continue;
      const position = firstRunning(window) ?? window.next;
      if (window.committed !== null && position <= window.committed) continue;
      window.committed = position;
      commits.push({ partition, offset: position.toString() });
    }
    return commits;
  }

  /** Resolves once no command runs. */
  drained(): Promise<void> {
    if (this.running_count === 0) return Promise.resolve();
    return new Promise((resolve) => this.drain_waiters.push(resolve));
  }

  private windowOf(partition: number): PartitionWindow {
    let window = this.partitions.get(partition);
    if (!window) {
      window = { running: new Map(), next: 0n, committed: null, owned: true };
      this.partitions.set(partition, window);
    }
    return window;
  }
}

function firstRunning(window: PartitionWindow): bigint | null {
  let first: bigint | null = null;
  for (const offset of window.running.keys()) if (first === null || offset < first) first = offset;
  return first;
}
