import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';

export interface KafkaTestNamespace {
  brokers: string[];
  /** Unique to the run: its topics and groups are its own. */
  topic_prefix: string;
  /** Deletes the run's topics and groups. */
  remove(): Promise<void>;
}

/** For `dist` tests: a Kafka at KAFKA_BROKERS (`npm run kafka:start` gives 127.0.0.1:9092). */
export function kafkaTestNamespace(label: string): KafkaTestNamespace {
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  const topic_prefix = `${label}-${randomUUID().slice(0, 8)}.`;
  return {
    brokers,
    topic_prefix,
    remove: async () => {
      const admin = new Kafka({
        clientId: `${label}-cleanup`,
        brokers,
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      try {
        const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(topic_prefix));
        if (topics.length > 0) await admin.deleteTopics({ topics });
        const { groups } = await admin.listGroups();
        const mine = groups
          .map((group) => group.groupId)
          .filter((group) => group.startsWith(topic_prefix));
        // Cleanup only: a group still settling after its consumers left may refuse deletion.
        if (mine.length > 0) await admin.deleteGroups(mine).catch(() => undefined);
      } finally {
        await admin.disconnect();
      }
    },
  };
}
