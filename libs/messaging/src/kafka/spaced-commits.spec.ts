import type { Consumer } from 'kafkajs';
import { SpacedCommits } from './spaced-commits';

type Committed = Parameters<Consumer['commitOffsets']>[0];

/** A consumer that records what it was asked to commit, and can be made to refuse. */
function recordingConsumer() {
  const commits: Committed[] = [];
  let refuse = false;
  const consumer = {
    commitOffsets: async (offsets: Committed) => {
      if (refuse) throw new Error('rebalancing');
      commits.push(offsets);
    },
  } as unknown as Consumer;
  return { consumer, commits, refuse: (value: boolean) => (refuse = value) };
}

describe('SpacedCommits', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('commits once per interval the position after the last message handled, per partition', async () => {
    const { consumer, commits } = recordingConsumer();
    const spaced = new SpacedCommits(5_000, () => undefined);
    spaced.attach(consumer);
    spaced.handled('replies', 0, '7');
    spaced.handled('replies', 0, '8');
    spaced.handled('events', 2, '40');
    // An older offset arriving late never moves a position back.
    spaced.handled('replies', 0, '3');
    expect(commits).toEqual([]);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(commits).toEqual([
      [
        { topic: 'replies', partition: 0, offset: '9' },
        { topic: 'events', partition: 2, offset: '41' },
      ],
    ]);
    // Nothing new: no commit, and no timer left running.
    await jest.advanceTimersByTimeAsync(20_000);
    expect(commits).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('commits only the partitions that moved since the last commit', async () => {
    const { consumer, commits } = recordingConsumer();
    const spaced = new SpacedCommits(1_000, () => undefined);
    spaced.attach(consumer);
    spaced.handled('replies', 0, '1');
    spaced.handled('replies', 1, '5');
    await spaced.flush();
    spaced.handled('replies', 1, '6');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(commits).toEqual([
      [
        { topic: 'replies', partition: 0, offset: '2' },
        { topic: 'replies', partition: 1, offset: '6' },
      ],
      [{ topic: 'replies', partition: 1, offset: '7' }],
    ]);
  });

  it('reports a refused commit and offers the same positions again at the next flush', async () => {
    const { consumer, commits, refuse } = recordingConsumer();
    const errors: unknown[] = [];
    const spaced = new SpacedCommits(1_000, (error) => errors.push(error));
    spaced.attach(consumer);
    spaced.handled('broadcast', 0, '10');
    refuse(true);
    await spaced.flush();
    expect(errors).toHaveLength(1);
    refuse(false);
    await spaced.flush();
    expect(commits).toEqual([[{ topic: 'broadcast', partition: 0, offset: '11' }]]);
  });

  it('commits nothing before a consumer is attached', async () => {
    const spaced = new SpacedCommits(1_000, () => undefined);
    spaced.handled('replies', 0, '1');
    await expect(spaced.flush()).resolves.toBeUndefined();
  });
});
