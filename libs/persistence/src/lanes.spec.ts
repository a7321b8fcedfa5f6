import { chunksOf, inLanes } from './lanes';

/** A piece of work that waits until released, recording how many ran at once. */
function gatedWork() {
  const started: number[] = [];
  const release = new Map<number, () => void>();
  let running = 0;
  let most_at_once = 0;
  const work = (item: number) =>
    new Promise<void>((resolve) => {
      started.push(item);
      running += 1;
      most_at_once = Math.max(most_at_once, running);
      release.set(item, () => {
        running -= 1;
        resolve();
      });
    });
  return { work, started, release, mostAtOnce: () => most_at_once };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('inLanes: items worked on side by side, a lane at a time each', () => {
  it('starts as many items as there are lanes, in order, and no more', async () => {
    const gate = gatedWork();
    const done = inLanes([1, 2, 3, 4, 5], 2, gate.work);
    await turn();
    expect(gate.started).toEqual([1, 2]);
    for (const item of [1, 2, 3, 4, 5]) {
      gate.release.get(item)?.();
      await turn();
    }
    await done;
    expect(gate.started).toEqual([1, 2, 3, 4, 5]);
    expect(gate.mostAtOnce()).toBe(2);
  });

  it('gives a lane that finishes the next item at once, while a slow item holds its own lane', async () => {
    const gate = gatedWork();
    const done = inLanes([1, 2, 3, 4], 2, gate.work);
    await turn();
    gate.release.get(2)?.();
    await turn();
    gate.release.get(3)?.();
    await turn();
    // Item 1 is still running: its lane did not hold back 3 and 4.
    expect(gate.started).toEqual([1, 2, 3, 4]);
    gate.release.get(4)?.();
    gate.release.get(1)?.();
    await done;
  });

  it('takes no new item once stopped, and finishes those begun', async () => {
    const gate = gatedWork();
    let stopped = false;
    const done = inLanes([1, 2, 3, 4], 2, gate.work, () => stopped);
    await turn();
    stopped = true;
    gate.release.get(1)?.();
    gate.release.get(2)?.();
    await done;
    expect(gate.started).toEqual([1, 2]);
  });

  it('runs nothing for no items, and one lane each for fewer items than lanes', async () => {
    const gate = gatedWork();
    await inLanes([], 4, gate.work);
    const done = inLanes([7], 4, gate.work);
    await turn();
    gate.release.get(7)?.();
    await done;
    expect(gate.started).toEqual([7]);
  });
});

describe('chunksOf: items in groups', () => {
  it('keeps the order, and leaves the remainder in a smaller last group', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunksOf([], 8)).toEqual([]);
  });
});
