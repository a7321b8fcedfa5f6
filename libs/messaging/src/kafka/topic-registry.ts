import type { Admin } from 'kafkajs';
import { backoffAfter, errorMessage, sleep, type RetryBackoff } from '../retry';

export interface TopicRegistryOptions {
  /** How long one ensure() keeps trying before it gives up. Default 60 s. */
  timeout_ms?: number;
  backoff?: RetryBackoff;
}

const DEFAULT_BACKOFF: RetryBackoff = { initial_ms: 100, max_ms: 2_000 };

/**
 * Creates topics before first use and remembers which exist. kafkajs cannot subscribe to a
 * missing topic on KRaft, and the broker does not create topics on its own.
 *
 * On a fresh broker every service process creates the same topics at once. A topic the
 * controller has just created may not be served by the broker yet: kafkajs's own wait for
 * leaders (`waitForLeaders`) then fails with UNKNOWN_TOPIC_OR_PARTITION and took the process
 * down. So creation does not wait inside kafkajs: it retries retriable failures with backoff,
 * then polls until every partition has a leader that answers for it.
 */
export class TopicRegistry {
  private readonly known = new Map<string, Promise<void>>();
  private readonly timeout_ms: number;
  private readonly backoff: RetryBackoff;

  constructor(
    private readonly admin: Admin,
    private readonly default_partitions: number,
    options: TopicRegistryOptions = {},
  ) {
    this.timeout_ms = options.timeout_ms ?? 60_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  async ensure(names: string[], partitions = this.default_partitions): Promise<void> {
    const missing = [...new Set(names)].filter((name) => !this.known.has(name));
    if (missing.length > 0) {
      const created = this.create(missing, partitions);
      for (const name of missing) this.known.set(name, created);
      // A failed creation is retried by the next caller.
      created.catch(() => missing.forEach((name) => this.known.delete(name)));
    }
    await Promise.all(names.map((name) => this.known.get(name)));
  }

  forget(name: string): void {
    this.known.delete(name);
  }

  private async create(topics: string[], partitions: number): Promise<void> {
    const deadline = Date.now() + this.timeout_ms;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.admin.createTopics({
          topics: topics.map((topic) => ({
            topic,
            numPartitions: partitions,
            replicationFactor: -1,
          })),
          waitForLeaders: false,
        });
        break;
      } catch (error) {
        if (!isRetriable(error) || Date.now() > deadline)
          throw new Error(`topics ${topics.join(', ')} not created: ${errorMessage(error)}`);
      }
      await sleep(backoffAfter(attempt, this.backoff));
    }
    await this.awaitLeaders(topics, deadline);
  }

  /**
   * Polls until every partition of `topics` has a leader that answers for it: the metadata can
   * name a leader a moment before that broker serves the partition (NOT_LEADER_FOR_PARTITION).
   */
  private async awaitLeaders(topics: string[], deadline: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      // The broker may not know a topic its controller has just created: not there yet.
      const ready = await this.served(topics).catch(() => false);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`topics without a leader: ${topics.join(', ')}`);
      await sleep(Math.min(backoffAfter(attempt, this.backoff), 500));
    }
  }

  private async served(topics: string[]): Promise<boolean> {
    const metadata = await this.admin.fetchTopicMetadata({ topics });
    const led = metadata.topics.every(
      (topic) =>
        topic.partitions.length > 0 && topic.partitions.every((partition) => partition.leader >= 0),
    );
    if (!led) return false;
    await Promise.all(topics.map((topic) => this.admin.fetchTopicOffsets(topic)));
    return true;
  }
}

/**
 * kafkajs marks each error retriable or not; a batch answer is retriable when each of its
 * failures is (a topic another process created meanwhile is no failure at all).
 */
function isRetriable(error: unknown): boolean {
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors))
    return errors.every((each) => isRetriable(each) || typeOf(each) === 'TOPIC_ALREADY_EXISTS');
  return (error as { retriable?: unknown }).retriable === true;
}

function typeOf(error: unknown): unknown {
  return (error as { type?: unknown }).type;
}
