import type { Admin } from 'kafkajs';

/**
 * Creates topics before first use and remembers which exist. kafkajs cannot subscribe to a
 * missing topic on KRaft, and the broker does not create topics on its own.
 */
export class TopicRegistry {
  private readonly known = new Map<string, Promise<void>>();

  constructor(
    private readonly admin: Admin,
    private readonly default_partitions: number,
  ) {}

  async ensure(names: string[], partitions = this.default_partitions): Promise<void> {
    const missing = [...new Set(names)].filter((name) => !this.known.has(name));
    if (missing.length > 0) {
      const created = this.admin
        .createTopics({
          topics: missing.map((topic) => ({
            topic,
            numPartitions: partitions,
            replicationFactor: -1,
          })),
          waitForLeaders: true,
        })
        // createTopics answers at once when another process made the topic first, possibly
        // before its partitions have leaders; using it then fails with "does not host this
        // topic-partition". Wait until the broker reports a leader for every partition.
        .then(() => this.awaitLeaders(missing));
      for (const name of missing) this.known.set(name, created);
      // A failed creation is retried by the next caller.
      created.catch(() => missing.forEach((name) => this.known.delete(name)));
    }
    await Promise.all(names.map((name) => this.known.get(name)));
  }

  private async awaitLeaders(topics: string[], timeout_ms = 30_000): Promise<void> {
    const deadline = Date.now() + timeout_ms;
    for (;;) {
      const ready = await this.admin
        .fetchTopicMetadata({ topics })
        .then((metadata) =>
          metadata.topics.every(
            (topic) =>
              topic.partitions.length > 0 &&
              topic.partitions.every((partition) => partition.leader >= 0),
          ),
        )
        .catch(() => false);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`topics without a leader: ${topics.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  forget(name: string): void {
    this.known.delete(name);
  }
}
