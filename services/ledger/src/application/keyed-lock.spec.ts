import { KeyedLock } from './keyed-lock';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedLock', () => {
  it('runs work on one key one at a time, in arrival order', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (name: string) =>
      lock.run(['a'], async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
      });
    await Promise.all([job('first'), job('second'), job('third')]);
    expect(log).toEqual([
      'first start',
      'first end',
      'second start',
      'second end',
      'third start',
      'third end',
    ]);
  });

  it('lets other keys run meanwhile and frees a key when its work throws', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const failing = lock.run(['a'], async () => {
      await tick();
      await tick();
      throw new Error('boom');
    });
    const other = lock.run(['b'], async () => {
      log.push('b ran');
    });
    await other;
    expect(log).toEqual(['b ran']);
    await expect(failing).rejects.toThrow('boom');
    await expect(lock.run(['a'], async () => 'a again')).resolves.toBe('a again');
  });

  it('never deadlocks two works that take the same two keys in opposite order', async () => {
    const lock = new KeyedLock();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        lock.run(index % 2 === 0 ? ['x', 'y'] : ['y', 'x'], async () => {
          await tick();
          return index;
        }),
      ),
    );
    expect(results).toHaveLength(20);
  });
});
