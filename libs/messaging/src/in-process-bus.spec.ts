import { busContract } from './bus.contract';
import { InProcessBus } from './in-process-bus';

// In-process "replicas" of a test are one bus: it is the whole namespace of the process.
let bus: InProcessBus;
beforeEach(() => {
  bus = new InProcessBus({ retry_backoff: { initial_ms: 5, max_ms: 20 } });
});

busContract('InProcessBus', () => bus);

describe('InProcessBus prefetch', () => {
  const until = async (condition: () => boolean): Promise<void> => {
    for (let tries = 0; !condition(); tries++) {
      if (tries > 500) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };

  afterEach(() => bus.close());

  it.each([
    [1, ['k-0']],
    [3, ['k-0', 'k-1', 'k-2']],
  ])(
    'with prefetch %d, hands over that many messages of one key before the first is settled, in order',
    async (prefetch, first_handed_over) => {
      const handed_over: string[] = [];
      const settle: Array<() => void> = [];
      await bus.subscribe({
        topics: ['events.prefetch'],
        group: 'batching',
        prefetch,
        handler: (message) => {
          handed_over.push(message.id);
          return new Promise<void>((resolve) => settle.push(resolve));
        },
      });
      await bus.publish(
        'events.prefetch',
        Array.from({ length: 5 }, (_, seq) => ({ id: `k-${seq}`, key: 'acc-1', payload: seq })),
      );
      await until(() => handed_over.length >= first_handed_over.length);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(handed_over).toEqual(first_handed_over);
      // Settling them lets the rest through, still in order.
      while (handed_over.length < 5 || settle.length > 0) {
        settle.splice(0).forEach((resolve) => resolve());
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(handed_over).toEqual(['k-0', 'k-1', 'k-2', 'k-3', 'k-4']);
    },
  );

  it('resumes a run at its first failure, retrying it alone and then those after it', async () => {
    const log: string[] = [];
    await bus.subscribe({
      topics: ['events.prefetch-retry'],
      group: 'batching',
      prefetch: 10,
      max_attempts: 5,
      handler: async (message) => {
        log.push(`${message.id}#${message.attempt}`);
        if (message.id === 'b' && message.attempt === 1) throw new Error('database unavailable');
      },
    });
    await bus.publish(
      'events.prefetch-retry',
      ['a', 'b', 'c'].map((id) => ({ id, key: 'acc-1', payload: id })),
    );
    await until(() => log.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // c was handled in the run, but the partition resumed at b: c comes again (at least once).
    expect(log).toEqual(['a#1', 'b#1', 'c#1', 'b#2', 'c#1']);
  });

  it('dead-letters a prefetched message refused on its only allowed attempt and goes on', async () => {
    const dead: string[] = [];
    const handled: string[] = [];
    await bus.subscribe({
      topics: ['events.prefetch-poison.dlq'],
      group: 'operators',
      handler: async (message) => void dead.push(message.id),
    });
    await bus.subscribe({
      topics: ['events.prefetch-poison'],
      group: 'batching',
      prefetch: 10,
      max_attempts: 1,
      handler: async (message) => {
        if (message.id === 'bad') throw new Error('cannot parse');
        handled.push(message.id);
      },
    });
    await bus.publish(
      'events.prefetch-poison',
      ['ok-1', 'bad', 'ok-2'].map((id) => ({ id, key: 'acc-1', payload: id })),
    );
    await until(() => dead.length === 1 && handled.length === 2);
    expect(dead).toEqual(['bad']);
    expect(handled).toEqual(['ok-1', 'ok-2']);
  });
});

describe('InProcessBus retention', () => {
  afterEach(() => bus.close());

  /** One key: the group's messages come in the order they were published. */
  const publish = (id: string) => bus.publish('events.retained', [{ id, key: 'k', payload: id }]);
  const seenBy = async (group: string) => {
    const seen: unknown[] = [];
    await bus.subscribe({
      topics: ['events.retained'],
      group,
      handler: async (message) => void seen.push(message.payload),
    });
    return seen;
  };
  const until = async (condition: () => boolean): Promise<void> => {
    for (let tries = 0; !condition(); tries++) {
      if (tries > 500) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };

  it('gives a group that first subscribes late what was published before it joined', async () => {
    await publish('before');
    const late = await seenBy('late');
    await publish('after');
    await until(() => late.includes('after'));
    expect(late).toEqual(['before', 'after']);
  });

  it('keeps nothing for groups to come once every group has joined', async () => {
    const early = await seenBy('early');
    await publish('kept-for-late');
    bus.stopRetaining();
    await publish('before');
    const late = await seenBy('late');
    await publish('after');
    await until(() => late.includes('after') && early.includes('after'));
    expect(late).toEqual(['after']);
    // A group that had joined still gets every message, those published before the stop too.
    expect(early).toEqual(['kept-for-late', 'before', 'after']);
  });
});
