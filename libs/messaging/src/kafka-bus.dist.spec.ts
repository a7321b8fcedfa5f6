import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { busContract } from './bus.contract';
import { KafkaBus } from './kafka/kafka-bus';

// Needs a Kafka at KAFKA_BROKERS (`npm run kafka:start` gives one on 127.0.0.1:9092).
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
// Every run works in topics and groups of its own, removed at the end.
const topic_prefix = `contract-${randomUUID().slice(0, 8)}.`;

// The dist project's testTimeout is not applied per project by Jest; Kafka group joins need more than 5 s.
jest.setTimeout(120_000);

busContract(
  'KafkaBus',
  () =>
    new KafkaBus({
      brokers,
      client_id: 'bus-contract',
      topic_prefix,
      retry_backoff: { initial_ms: 20, max_ms: 100 },
    }),
);

afterAll(async () => {
  const admin = new Kafka({
    clientId: 'bus-contract-cleanup',
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
    if (mine.length > 0) await admin.deleteGroups(mine);
  } finally {
    await admin.disconnect();
  }
});
