import { AsyncLocalStorage } from 'node:async_hooks';
import { outcomeOf, TurnGroups, type GroupOutcome } from './turn-groups';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnGroups', () => {
  it('runs a command alone when idle, and those that arrive meanwhile as the next group', async () => {
    const groups: number[][] = [];
    const turns = new TurnGroups<number, string>(async (members) => {
      groups.push([...members]);
      await tick();
      return members.map((member) => ({ ok: true, value: `done ${member}` }));
    }, 10);
    const replies = await Promise.all([1, 2, 3, 4].map((member) => turns.submit(member)));
    expect(replies).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('takes at most max_group members, oldest first', async () => {
    const groups: number[][] = [];
    const turns = new TurnGroups<number, number>(async (members) => {
      groups.push([...members]);
      await tick();
      return members.map((member) => ({ ok: true, value: member }));
    }, 2);
    await Promise.all([1, 2, 3, 4, 5, 6].map((member) => turns.submit(member)));
    expect(groups).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('refuses only the members whose outcome is an error, and all when the runner throws', async () => {
    let fail_group = false;
    const turns = new TurnGroups<number, number>(async (members) => {
      await tick();
      if (fail_group) throw new Error('group failed');
      return members.map((member): GroupOutcome<number> =>
        member % 2 === 0
          ? { ok: false, error: new Error(`refused ${member}`) }
          : { ok: true, value: member },
      );
    }, 10);
    const settled = await Promise.allSettled([1, 2, 3].map((member) => turns.submit(member)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail_group = true;
    await expect(turns.submit(5)).rejects.toThrow('group failed');
    fail_group = false;
    await expect(turns.submit(7)).resolves.toBe(7);
  });

  it("runs each group in its first member's async context", async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const turns = new TurnGroups<number, number>(async (members) => {
      seen.push(context.getStore());
      await tick();
      return members.map((member) => ({ ok: true, value: member }));
    }, 10);
    await Promise.all(
      ['first', 'second', 'third'].map((name, index) =>
        context.run(name, () => turns.submit(index)),
      ),
    );
    expect(seen).toEqual(['first', 'second']);
  });

  it('refuses a group size below one', () => {
    expect(() => new TurnGroups(async () => [], 0)).toThrow('max_group');
  });

  it('outcomeOf catches what the work throws', async () => {
    await expect(outcomeOf(async () => 1)).resolves.toEqual({ ok: true, value: 1 });
    const error = new Error('no');
    await expect(outcomeOf(async () => Promise.reject(error))).resolves.toEqual({
      ok: false,
      error,
    });
  });
});
