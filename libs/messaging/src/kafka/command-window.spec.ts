import fc from 'fast-check';
import { CommandWindow } from './command-window';

describe('CommandWindow', () => {
  it('commits a partition up to its first command still running, not past it', () => {
    const window = new CommandWindow(10);
    window.start(0, '5');
    window.start(0, '6');
    window.start(0, '7');
    window.finish(0, '6');
    window.finish(0, '7');
    expect(window.takeCommits()).toEqual([{ partition: 0, offset: '5' }]);
    window.finish(0, '5');
    expect(window.takeCommits()).toEqual([{ partition: 0, offset: '8' }]);
  });

  it('hands out a position once, and only when it moved', () => {
    const window = new CommandWindow(10);
    window.start(1, '0');
    window.start(2, '40');
    window.finish(2, '40');
    expect(window.takeCommits()).toEqual([
      { partition: 1, offset: '0' },
      { partition: 2, offset: '41' },
    ]);
    expect(window.takeCommits()).toEqual([]);
    window.start(1, '1');
    expect(window.takeCommits()).toEqual([]);
    window.finish(1, '0');
    expect(window.takeCommits()).toEqual([{ partition: 1, offset: '1' }]);
  });

  it('keeps offsets past 2^53 exact', () => {
    const window = new CommandWindow(2);
    window.start(0, '9007199254740993');
    window.finish(0, '9007199254740993');
    expect(window.takeCommits()).toEqual([{ partition: 0, offset: '9007199254740994' }]);
  });

  it('admits up to its capacity, then one more for each command answered', async () => {
    const window = new CommandWindow(2);
    await window.admit();
    window.start(0, '0');
    await window.admit();
    window.start(0, '1');
    expect(window.hasRoom()).toBe(false);
    let admitted = false;
    const third = window.admit().then(() => (admitted = true));
    await Promise.resolve();
    expect(admitted).toBe(false);
    window.finish(0, '1');
    await third;
    expect(admitted).toBe(true);
    expect(window.hasRoom()).toBe(true);
  });

  it('counts a redelivered command that runs twice until both copies finish', () => {
    const window = new CommandWindow(4);
    window.start(0, '3');
    window.start(0, '3');
    window.finish(0, '3');
    expect(window.size).toBe(1);
    expect(window.takeCommits()).toEqual([{ partition: 0, offset: '3' }]);
    window.finish(0, '3');
    expect(window.takeCommits()).toEqual([{ partition: 0, offset: '4' }]);
  });

  it('commits no partition another member now owns, and again one it gets back', () => {
    const window = new CommandWindow(4);
    window.start(0, '10');
    window.start(1, '20');
    window.assign([1]);
    window.finish(0, '10');
    window.finish(1, '20');
    expect(window.takeCommits()).toEqual([{ partition: 1, offset: '21' }]);
    window.assign([0, 1]);
    window.start(0, '12');
    expect(window.takeCommits()).toEqual([{ partition: 0, offset: '12' }]);
  });

  it('resolves drained once no command runs', async () => {
    const window = new CommandWindow(4);
    await window.drained();
    window.start(0, '0');
    let drained = false;
    const done = window.drained().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    window.finish(0, '0');
    await done;
    expect(drained).toBe(true);
  });

  it('never commits past a command still running, whatever order they finish in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (count, picks) => {
          const window = new CommandWindow(count);
          const running = Array.from({ length: count }, (_, offset) => offset);
          for (const offset of running) window.start(0, String(offset));
          let committed = -1;
          for (const pick of picks) {
            if (running.length === 0) break;
            const [finished] = running.splice(pick % running.length, 1);
            window.finish(0, String(finished));
            for (const commit of window.takeCommits()) committed = Number(commit.offset);
            const first_running = running.length > 0 ? Math.min(...running) : count;
            expect(committed).toBe(first_running);
          }
        },
      ),
    );
  });
});
