import { Kafka, logLevel, type Admin } from 'kafkajs';
import { kafkaTestNamespace, type KafkaTestNamespace } from './kafka-test-namespace';
import { TopicRegistry } from './topic-registry';

jest.setTimeout(120_000);

/**
 * Issue 13: on a fresh broker, every service process creates the same topics at once, and one of
 * them died with UNKNOWN_TOPIC_OR_PARTITION (kafkajs asks for the metadata of a topic the broker
 * has created but does not serve yet). Here several processes' registries race for the same fresh
 * topics, round after round: each must come back only once its topics are really there.
 */
describe('TopicRegistry on a fresh broker', () => {
  const ROUNDS = 3;
  const PROCESSES = 9;
  const TOPICS = 20;
  const namespaces: KafkaTestNamespace[] = [];
  const admins: Admin[] = [];

  afterAll(async () => {
    await Promise.all(admins.map((admin) => admin.disconnect()));
    await Promise.all(namespaces.map((namespace) => namespace.remove()));
  });

  async function connectedAdmin(brokers: string[], index: number): Promise<Admin> {
    const admin = new Kafka({
      clientId: `registry-${index}`,
      brokers,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    admins.push(admin);
    return admin;
  }

  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'round %i: racing processes all get their topics, each partition with a leader',
    async () => {
      const namespace = kafkaTestNamespace('registry');
      namespaces.push(namespace);
      const topics = Array.from({ length: TOPICS }, (_, i) => `${namespace.topic_prefix}t${i}`);
      const registries = await Promise.all(
        Array.from({ length: PROCESSES }, async (_, index) => {
          const admin = await connectedAdmin(namespace.brokers, index);
          return { admin, registry: new TopicRegistry(admin, 3) };
        }),
      );
      const outcomes = await Promise.allSettled(
        registries.flatMap(({ registry }, index) =>
          // Each process asks topic by topic in its own order, as a service process does (its
          // command topic, its event topics, its reply topic), all at once.
          (index % 2 === 0 ? topics : [...topics].reverse()).map((topic) =>
            registry.ensure([topic]),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const metadata = await registries[0]!.admin.fetchTopicMetadata({ topics });
      for (const topic of metadata.topics) {
        expect(topic.partitions).toHaveLength(3);
        for (const partition of topic.partitions)
          expect(partition.leader).toBeGreaterThanOrEqual(0);
      }
    },
  );
});
