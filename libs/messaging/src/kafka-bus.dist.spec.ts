import { busContract } from './bus.contract';
import { KafkaBus } from './kafka/kafka-bus';
import { kafkaTestNamespace } from './kafka/kafka-test-namespace';

// Jest applies testTimeout only globally, not per project; group joins need more than 5 s.
jest.setTimeout(120_000);

const namespace = kafkaTestNamespace('contract');

busContract(
  'KafkaBus',
  () =>
    new KafkaBus({
      brokers: namespace.brokers,
      client_id: 'bus-contract',
      topic_prefix: namespace.topic_prefix,
      retry_backoff: { initial_ms: 20, max_ms: 100 },
    }),
);

afterAll(() => namespace.remove());
