import { answerNotingReplay, markReplayed, noteReplayedReply, observeReplays } from './replays';

/** A caller that sends a command whose handler may mark a replay, as the bus server runs it. */
async function send(replay: boolean): Promise<void> {
  const { replayed } = await answerNotingReplay(async () => {
    await Promise.resolve();
    if (replay) markReplayed();
  });
  if (replayed) noteReplayedReply();
}

describe('replay marks', () => {
  it('tells the caller that a reply was replayed', async () => {
    const observed = observeReplays(() => send(true));
    await observed.result;
    expect(observed.replayed()).toBe(true);
  });

  it('tells nothing when no handler marked its answer', async () => {
    const observed = observeReplays(() => Promise.all([send(false), send(false)]));
    await observed.result;
    expect(observed.replayed()).toBe(false);
  });

  it('keeps a replay a handler received from its own commands out of its reply', async () => {
    const observed = observeReplays(() =>
      answerNotingReplay(async () => {
        await send(true); // the handler's own command was a replay, not the handler's answer
        return 'first execution';
      }),
    );
    expect(await observed.result).toEqual({ value: 'first execution', replayed: false });
    expect(observed.replayed()).toBe(false);
  });

  it('still marks the handler answering when it observes replies of its own commands', async () => {
    const answered = await answerNotingReplay(async () => {
      const observed = observeReplays(async () => {
        await send(false);
        markReplayed(); // the handler found its own stored result while it watched its commands
      });
      await observed.result;
      return observed.replayed();
    });
    expect(answered).toEqual({ value: false, replayed: true });
  });

  it('does nothing outside a handler or an observer', async () => {
    expect(() => markReplayed()).not.toThrow();
    await expect(send(true)).resolves.toBeUndefined();
  });

  it('keeps concurrent callers apart', async () => {
    const replayed = observeReplays(() => send(true));
    const fresh = observeReplays(() => send(false));
    await Promise.all([replayed.result, fresh.result]);
    expect([replayed.replayed(), fresh.replayed()]).toEqual([true, false]);
  });
});
