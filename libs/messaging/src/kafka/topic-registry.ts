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
        .then(() => undefined);
      for (const name of missing) this.known.set(name, created);
      // A failed creation is retried by the next caller.
      created.catch(() => missing.forEach((name) => this.known.delete(name)));
    }
    await Promise.all(names.map((name) => this.known.get(name)));
  }

  forget(name: string): void {
    this.known.delete(name);
  }
}
