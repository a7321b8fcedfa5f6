import { randomUUID } from 'node:crypto';
import type { DeliveredMessage, MessageBus } from './bus';
import { subscribeBroadcast } from './broadcast';

/**
 * Broadcast subscriptions on a transport: each subscriber (a gateway replica) receives every
 * message published after it subscribed, while a consumer group beside them still shares its
 * messages out. Runs on the in-process bus as a unit test and on Kafka in the `dist` tier.
 */
export function broadcastContract(name: string, makeBus: () => MessageBus): void {
  describe(`broadcast subscriptions: ${name}`, () => {
    const buses: MessageBus[] = [];
    afterEach(async () => Promise.all(buses.splice(0).map((bus) => bus.close())));

    async function startBus(): Promise<MessageBus> {
      const bus = makeBus();
      buses.push(bus);
      await bus.start();
      return bus;
    }

    it('gives every message to every subscriber, and only what came after it subscribed', async () => {
      const [first_bus, second_bus] = [await startBus(), await startBus()];
      const topic = `broadcast_${randomUUID().slice(0, 8)}`;
      await first_bus.publish(topic, [{ id: 'before', key: 'acc-1', payload: 0 }]);
      const first = collector();
      const second = collector();
      const first_subscription = await subscribeBroadcast(first_bus, {
        topics: [topic],
        label: 'gateway',
        handler: first.handler,
      });
      await subscribeBroadcast(second_bus, {
        topics: [topic],
        label: 'gateway',
        handler: second.handler,
      });
      const ids = Array.from({ length: 12 }, (_, index) => `b-${index}`);
      await first_bus.publish(
        topic,
        ids.map((id, index) => ({ id, key: `acc-${index % 3}`, payload: id })),
      );
      await waitFor(() => first.ids().length === ids.length && second.ids().length === ids.length);
      expect(first.ids().sort()).toEqual([...ids].sort());
      expect(second.ids().sort()).toEqual([...ids].sort());

      await first_subscription.close();
      await first_bus.publish(topic, [{ id: 'after-close', key: 'acc-1', payload: 1 }]);
      await waitFor(() => second.ids().includes('after-close'));
      expect(first.ids()).not.toContain('after-close');
    });
  });
}

function collector(): {
  ids: () => string[];
  handler: (message: DeliveredMessage) => Promise<void>;
} {
  const received: DeliveredMessage[] = [];
  return {
    ids: () => received.map((message) => message.id),
    handler: async (message) => void received.push(message),
  };
}

async function waitFor(condition: () => boolean, timeout_ms = 60_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
