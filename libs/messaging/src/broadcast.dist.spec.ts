import { broadcastContract } from './broadcast.contract';
import { KafkaBus } from './kafka/kafka-bus';
import { kafkaTestNamespace } from './kafka/kafka-test-namespace';

// Jest applies testTimeout only globally, not per project; group joins need more than 5 s.
jest.setTimeout(120_000);

const namespace = kafkaTestNamespace('broadcast');

broadcastContract(
  'KafkaBus',
  () =>
    new KafkaBus({
      brokers: namespace.brokers,
      client_id: 'broadcast-contract',
      topic_prefix: namespace.topic_prefix,
    }),
);

afterAll(() => namespace.remove());
