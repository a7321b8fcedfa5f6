import { metricsRegistry } from '@platform/observability';
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

/**
 * Starts buses of a namespace of their own whose topics have `partitions` partitions; the
 * enclosing describe closes them and removes the namespace after its tests.
 */
function busesOf(name: string, partitions: number): (client_id: string) => Promise<KafkaBus> {
  const own = kafkaTestNamespace(name);
  const buses: KafkaBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await own.remove();
  });
  return async (client_id) => {
    const bus = new KafkaBus({
      brokers: own.brokers,
      client_id,
      topic_prefix: own.topic_prefix,
      partitions,
    });
    buses.push(bus);
    await bus.start();
    return bus;
  };
}

describe('KafkaBus commands', () => {
  /** One partition per topic: every command of a service lands behind the one before it. */
  const startBus = busesOf('commands', 1);

  async function until(condition: () => boolean, timeout_ms = 60_000): Promise<void> {
    const deadline = Date.now() + timeout_ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('hands a prefetching group several events of one partition before the first is settled', async () => {
    const bus = await startBus('prefetcher');
    const log: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await bus.subscribe({
      topics: ['events.prefetched'],
      group: 'batching',
      prefetch: 10,
      max_attempts: 5,
      handler: async (message) => {
        log.push(`${message.id}#${message.attempt}`);
        await released;
        if (message.id === 'b' && message.attempt === 1) throw new Error('database unavailable');
      },
    });
    await bus.publish(
      'events.prefetched',
      ['a', 'b', 'c'].map((id) => ({ id, key: 'acc-1', payload: id })),
    );
    // All three are with the handler at once, in order, though none has been settled.
    await until(() => log.length === 3);
    expect(log).toEqual(['a#1', 'b#1', 'c#1']);
    release();
    // b is retried in place; the partition then moves on to what comes next.
    await bus.publish('events.prefetched', [{ id: 'd', key: 'acc-1', payload: 'd' }]);
    await until(() => log.includes('d#1'));
    expect(log).toEqual(['a#1', 'b#1', 'c#1', 'b#2', 'd#1']);
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

  it('commits a reply inbox within its interval rather than after every reply', async () => {
    const [server, client] = [await startBus('replier'), await startBus('asker')];
    await server.serve('ledger.echo_command', async (payload) => payload);
    // The first request starts the client's reply inbox: its commits count from here.
    await expect(client.request('ledger.echo_command', 0, { timeout_ms: 10_000 })).resolves.toBe(0);
    const before = await replyCommits();
    for (let index = 1; index <= 20; index += 1) {
      await expect(
        client.request('ledger.echo_command', index, { timeout_ms: 10_000 }),
      ).resolves.toBe(index);
    }
    // Twenty replies, each its own batch: kafkajs' autoCommit made twenty commits. Spaced, at
    // most the one interval that ends meanwhile, and the other buses' inboxes of this file.
    expect((await replyCommits()) - before).toBeLessThanOrEqual(3);
  });

  it('counts the batches its consumers take and the messages in them', async () => {
    const [server, client] = [await startBus('batcher'), await startBus('burster')];
    await server.serve('ledger.count_command', async (payload) => payload);
    await expect(client.request('ledger.count_command', 0, { timeout_ms: 10_000 })).resolves.toBe(
      0,
    );
    const counted = async () => ({
      commands: await consumed('kafka_consumed_messages_total', 'commands'),
      command_batches: await consumed('kafka_consumed_batches_total', 'commands'),
      replies: await consumed('kafka_consumed_messages_total', 'replies'),
      reply_batches: await consumed('kafka_consumed_batches_total', 'replies'),
    });
    const before = await counted();
    const sent = Array.from({ length: 20 }, (_, index) => index + 1);
    await expect(
      Promise.all(
        sent.map((index) => client.request('ledger.count_command', index, { timeout_ms: 20_000 })),
      ),
    ).resolves.toEqual(sent);
    const after = await counted();
    // Twenty commands and twenty replies, in at least one batch each and at most one per message.
    expect(after.commands - before.commands).toBe(20);
    expect(after.replies - before.replies).toBe(20);
    for (const batches of [
      after.command_batches - before.command_batches,
      after.reply_batches - before.reply_batches,
    ]) {
      expect(batches).toBeGreaterThanOrEqual(1);
      expect(batches).toBeLessThanOrEqual(20);
    }
  });
});

/** Offset commits this process has sent for reply inboxes (`kafka_offset_commits_total`). */
function replyCommits(): Promise<number> {
  return consumed('kafka_offset_commits_total', 'replies');
}

/** The value of one of this process's Kafka consumer counters for a kind of consumer. */
async function consumed(name: string, consumer: string): Promise<number> {
  const metric = metricsRegistry().getSingleMetric(name);
  const values = metric ? (await metric.get()).values : [];
  return values.find((value) => value.labels.consumer === consumer)?.value ?? 0;
}

describe('KafkaBus keyed commands', () => {
  /** Three partitions, so that commands of different keys can reach different servers. */
  const startBus = busesOf('keyed', 3);

  it('hands every command of one key to one instance of the serving service', async () => {
    const [first, second, client] = [
      await startBus('first'),
      await startBus('second'),
      await startBus('caller'),
    ];
    await first.serve('ledger.keyed_command', async () => 'first');
    await second.serve('ledger.keyed_command', async () => 'second');
    const send = (key?: string) =>
      client.request('ledger.keyed_command', {}, { timeout_ms: 20_000, ...(key ? { key } : {}) });
    // Unkeyed, each command has a key of its own: once the group has settled, both answer.
    const answered = new Set<unknown>();
    const deadline = Date.now() + 60_000;
    while (answered.size < 2 && Date.now() < deadline)
      for (const answer of await Promise.all(Array.from({ length: 6 }, () => send())))
        answered.add(answer);
    expect([...answered].sort()).toEqual(['first', 'second']);
    for (const key of ['account-a', 'account-b', 'account-c', 'account-d']) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(key)));
      expect(new Set(answers).size).toBe(1);
    }
  });
});
