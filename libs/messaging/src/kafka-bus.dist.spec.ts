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

describe('KafkaBus commands', () => {
  const commands = kafkaTestNamespace('commands');
  const buses: KafkaBus[] = [];

  /** One partition per topic: every command of a service lands behind the one before it. */
  async function startBus(client_id: string): Promise<KafkaBus> {
    const bus = new KafkaBus({
      brokers: commands.brokers,
      client_id,
      topic_prefix: commands.topic_prefix,
      partitions: 1,
    });
    buses.push(bus);
    await bus.start();
    return bus;
  }

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await commands.remove();
  });

  it('answers a command while an earlier one of its service still runs', async () => {
    const [server, client] = [await startBus('server'), await startBus('client')];
    let release_slow: () => void = () => undefined;
    const slow_released = new Promise<void>((resolve) => (release_slow = resolve));
    let slow_started: () => void = () => undefined;
    const slow_running = new Promise<void>((resolve) => (slow_started = resolve));
    await server.serve('ledger.slow_command', async () => {
      slow_started();
      await slow_released;
      return 'slow';
    });
    await server.serve('ledger.quick_command', async () => 'quick');
    const slow = client.request('ledger.slow_command', {}, { timeout_ms: 30_000 });
    await slow_running;
    try {
      // Both on the one partition of the ledger's commands, the quick one behind the slow one.
      await expect(
        client.request('ledger.quick_command', {}, { timeout_ms: 10_000 }),
      ).resolves.toBe('quick');
    } finally {
      release_slow();
    }
    await expect(slow).resolves.toBe('slow');
  });
});
