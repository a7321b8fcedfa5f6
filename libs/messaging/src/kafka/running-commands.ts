import type { Consumer, EachBatchPayload, KafkaMessage } from 'kafkajs';
import { errorMessage } from '../retry';
import { CommandWindow } from './command-window';
import type { KafkaLogSink } from './kafka-log';

/** How often a consumer whose window is full tells its group it still lives. */
const HEARTBEAT_WHILE_FULL_MS = 1_000;

type Answer = (topic: string, partition: number, message: KafkaMessage) => Promise<void>;

/**
 * A service's command consumer as kafkajs runs it: each batch's commands start at once and the
 * consumer fetches the next batch without waiting for them (see CommandWindow), and the offsets
 * are committed here, as far as the commands answered, instead of by kafkajs after each batch.
 */
export class RunningCommands {
  private readonly window: CommandWindow;
  private consumer: Consumer | undefined;
  /** The commit in flight; one at a time, each with the latest positions. */
  private committing: Promise<void> | undefined;
  private commit_again = false;

  constructor(
    private readonly topic: string,
    capacity: number,
    private readonly log: KafkaLogSink,
  ) {
    this.window = new CommandWindow(capacity);
  }

  handlers(consumer: Consumer, answer: Answer) {
    this.consumer = consumer;
    return {
      autoCommit: false,
      eachBatch: async ({ batch, heartbeat }: EachBatchPayload) => {
        for (const message of batch.messages) {
          await this.admit(heartbeat);
          this.window.start(batch.partition, message.offset);
          void this.run(answer, batch.topic, batch.partition, message);
        }
        void this.commit();
      },
    };
  }

  /**
   * Waits for room in the window, telling the group coordinator this member lives meanwhile: a
   * full window can take as long as a command's deadline (30 s), past the session timeout.
   */
  private async admit(heartbeat: () => Promise<void>): Promise<void> {
    if (this.window.hasRoom()) return;
    const admitted = this.window.admit().then(() => true);
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const still_full = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), HEARTBEAT_WHILE_FULL_MS);
      });
      const done = await Promise.race([admitted, still_full]);
      clearTimeout(timer);
      if (done) return;
      await heartbeat().catch(() => undefined);
    }
  }

  /** A rebalance gave this consumer `partitions` of the topic. */
  assign(partitions: readonly number[]): void {
    this.window.assign(partitions);
  }

  /** Takes no more commands, answers those it took (each bounded by its deadline), commits. */
  async stop(): Promise<void> {
    this.consumer?.pause([{ topic: this.topic }]);
    await this.window.drained();
    await this.commit();
  }

  /** Commits the latest positions; a call during a commit makes one more after it. */
  commit(): Promise<void> {
    if (this.committing) {
      this.commit_again = true;
      return this.committing;
    }
    this.committing = (async () => {
      do {
        this.commit_again = false;
        await this.commitOnce();
      } while (this.commit_again);
    })().finally(() => (this.committing = undefined));
    return this.committing;
  }

  private async run(
    answer: Answer,
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<void> {
    try {
      await answer(topic, partition, message);
    } catch (error) {
      this.warn(`command at ${topic}/${partition}/${message.offset} not answered`, error);
    } finally {
      this.window.finish(partition, message.offset);
      void this.commit();
    }
  }

  private async commitOnce(): Promise<void> {
    const commits = this.window.takeCommits();
    if (commits.length === 0 || !this.consumer) return;
    try {
      await this.consumer.commitOffsets(
        commits.map(({ partition, offset }) => ({ topic: this.topic, partition, offset })),
      );
    } catch (error) {
      // A rebalance or a closing consumer: the partition's next owner starts a little earlier
      // and drops what is past its deadline.
      this.warn(`offsets of ${this.topic} not committed`, error);
    }
  }

  private warn(message: string, error: unknown): void {
    this.log({
      level: 'warn',
      namespace: 'KafkaBus',
      message,
      extra: { error: errorMessage(error) },
    });
  }
}
