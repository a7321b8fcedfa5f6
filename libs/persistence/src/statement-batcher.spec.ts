import { StatementBatcher, firstOfEachName } from './statement-batcher';

/** A write that the test ends by hand, recording the batches it was given. */
function heldWrites() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (inputs: readonly number[]) => {
    batches.push([...inputs]);
    return new Promise<number[]>((resolve, reject) =>
      pending.push(() =>
        inputs.includes(13) && inputs.length > 1
          ? reject(new Error('13 spoils its batch'))
          : inputs.includes(13)
            ? reject(new Error('13 is refused'))
            : resolve(inputs.map((input) => input * 10)),
      ),
    );
  };
  const endNext = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, endNext, pendingCount: () => pending.length };
}

describe('StatementBatcher', () => {
  it('writes an item at once when idle, and those that wait meanwhile together', async () => {
    const writes = heldWrites();
    const batcher = new StatementBatcher(writes.write);

    const first = batcher.submit(1);
    const waiting = [2, 3, 4].map((input) => batcher.submit(input));
    expect(writes.batches).toEqual([[1]]);

    await writes.endNext();
    expect(writes.batches).toEqual([[1], [2, 3, 4]]);
    await writes.endNext();

    expect(await first).toBe(10);
    expect(await Promise.all(waiting)).toEqual([20, 30, 40]);
  });

  it('takes no more than max_batch items in one write', async () => {
    const writes = heldWrites();
    const batcher = new StatementBatcher(writes.write, { max_in_flight: 1, max_batch: 2 });

    const outputs = [1, 2, 3, 4, 5].map((input) => batcher.submit(input));
    while (writes.pendingCount() > 0) await writes.endNext();

    expect(writes.batches).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(outputs)).toEqual([10, 20, 30, 40, 50]);
  });

  it('writes each item of a failed batch alone: only the one that fails, fails', async () => {
    const writes = heldWrites();
    const batcher = new StatementBatcher(writes.write);

    const first = batcher.submit(1);
    const waiting = [2, 13, 4].map((input) =>
      batcher.submit(input).catch((error: Error) => error.message),
    );
    await writes.endNext();
    await writes.endNext();
    while (writes.pendingCount() > 0) await writes.endNext();

    expect(writes.batches).toEqual([[1], [2, 13, 4], [2], [13], [4]]);
    expect(await first).toBe(10);
    expect(await Promise.all(waiting)).toEqual([20, '13 is refused', 40]);
  });

  it('fails the item whose write answers a different number of outputs', async () => {
    const batcher = new StatementBatcher<number, number>(async () => []);
    await expect(batcher.submit(1)).rejects.toThrow('a batch of 1 was answered with 0 outputs');
  });
});

describe('firstOfEachName', () => {
  it('keeps the first of items sharing any name, and every item sharing none', () => {
    const claims = [
      { id: 'a', key: 'k1' },
      { id: 'b', key: 'k1' },
      { id: 'a', key: 'k2' },
      { id: 'c', key: 'k3' },
      { id: 'd', key: 'k4' },
    ];
    const tried = firstOfEachName(claims, (claim) => [`id\0${claim.id}`, `key\0${claim.key}`]);
    expect(claims.filter((claim) => tried.has(claim)).map((claim) => claim.id)).toEqual([
      'a',
      'c',
      'd',
    ]);
  });

  it('lets a left-out item take no name from the items after it', () => {
    // b loses to a on k1; its id stays free for c.
    const claims = [
      { id: 'a', key: 'k1' },
      { id: 'b', key: 'k1' },
      { id: 'b', key: 'k2' },
    ];
    const tried = firstOfEachName(claims, (claim) => [`id\0${claim.id}`, `key\0${claim.key}`]);
    expect([...tried]).toEqual([claims[0], claims[2]]);
  });
});
