import { PollCadence, type LookOutcome } from './poll-cadence';
import { Poller } from './poller';

/** Lets every timer and promise due within `ms` of fake time run. */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

/** A poller whose looks answer `outcomes` (then nothing), recording when it looked (ms after start). */
function recordingPoller(outcomes: LookOutcome[], cadence: PollCadence) {
  const looked_at_ms: number[] = [];
  const start_ms = Date.now();
  const poller = new Poller({
    look: async () => {
      looked_at_ms.push(Date.now() - start_ms);
      return outcomes.shift() ?? false;
    },
    cadence,
    on_error: () => undefined,
  });
  return { poller, looked_at_ms };
}

/** When such a poller looked over `run_ms` of fake time. */
async function lookTimes(
  outcomes: LookOutcome[],
  cadence: PollCadence,
  run_ms: number,
): Promise<number[]> {
  const { poller, looked_at_ms } = recordingPoller(outcomes, cadence);
  poller.start();
  await advance(run_ms);
  await poller.stop();
  return looked_at_ms;
}

describe('Poller', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('looks after the busy pause while looks find work, and backs off while they find none', async () => {
    const looked_at_ms = await lookTimes(
      [true, true, false, false, false],
      new PollCadence(50, 250),
      1_000,
    );
    // 50 to the first look; busy 50, 50; then 100, 200, 250, 250 ... while empty.
    expect(looked_at_ms.slice(0, 6)).toEqual([50, 100, 150, 250, 450, 700]);
  });

  it('looks again within 10 ms after a full batch, so a backlog drains faster than a batch per pause', async () => {
    // A poller following a sandbox step of a second or more.
    const cadence = new PollCadence(1_000, 1_000);
    const looked_at_ms = await lookTimes(['full_batch', 'full_batch', true, false], cadence, 2_100);
    expect(looked_at_ms).toEqual([1_000, 1_010, 1_020, 2_020]);
  });

  it('counts a failed look as empty: reports it and backs off instead of retrying at once', async () => {
    const errors: unknown[] = [];
    let looks = 0;
    const poller = new Poller({
      look: async () => {
        looks += 1;
        throw new Error('database away');
      },
      cadence: new PollCadence(0, 250),
      on_error: (error) => errors.push(error),
    });
    poller.start();
    await advance(100);
    await poller.stop();
    // At 0, 10, 30, 70 ms: a failing poller with a busy pause of 0 does not spin.
    expect(looks).toBe(4);
    expect(errors).toHaveLength(4);
    expect(String(errors[0])).toContain('database away');
  });

  it('goes on when the error report itself throws', async () => {
    let looks = 0;
    const poller = new Poller({
      look: async () => {
        looks += 1;
        throw new Error('step failed');
      },
      cadence: new PollCadence(10, 10),
      on_error: () => {
        throw new Error('the logger is gone');
      },
    });
    poller.start();
    await advance(55);
    await poller.stop();
    expect(looks).toBe(5);
  });

  it('stop waits for the look under way and no look follows it', async () => {
    let release: () => void = () => undefined;
    const finished: string[] = [];
    let looks = 0;
    const poller = new Poller({
      look: () =>
        new Promise<boolean>((resolve) => {
          looks += 1;
          release = () => {
            finished.push('look');
            resolve(true);
          };
        }),
      cadence: new PollCadence(10, 250),
      on_error: () => undefined,
    });
    poller.start(0);
    await advance(0);
    expect(looks).toBe(1);
    expect(poller.is_stopped).toBe(false);
    const stopped = poller.stop().then(() => finished.push('stopped'));
    expect(poller.is_stopped).toBe(true);
    release();
    await stopped;
    await advance(1_000);
    expect(finished).toEqual(['look', 'stopped']);
    expect(looks).toBe(1);
  });

  describe('wake', () => {
    /** A poller that never finds work on its own and records when it looked (ms after start). */
    const idlePoller = (busy_ms: number, idle_ms: number) =>
      recordingPoller([], new PollCadence(busy_ms, idle_ms));

    it('brings the look of an idle poller forward to the busy pause', async () => {
      const { poller, looked_at_ms } = idlePoller(10, 1_000);
      poller.start();
      // Looks at 10, 30, 70, 150, 310, 630, then every 1,000 ms: at 1,630 next.
      await advance(700);
      expect(looked_at_ms).toEqual([10, 30, 70, 150, 310, 630]);
      poller.wake();
      await advance(10);
      await poller.stop();
      expect(looked_at_ms).toEqual([10, 30, 70, 150, 310, 630, 710]);
    });

    it('starts the back-off over after the woken look', async () => {
      const { poller, looked_at_ms } = idlePoller(10, 1_000);
      poller.start();
      await advance(700);
      poller.wake();
      await advance(100);
      await poller.stop();
      // Woken at 700: 710, then 20, 40 after it, as after a look that found work.
      expect(looked_at_ms.slice(6)).toEqual([710, 730, 770]);
    });

    it('adds no look to a poller already at its busy pause', async () => {
      const { poller, looked_at_ms } = recordingPoller(
        [true, true, true, true],
        new PollCadence(50, 1_000),
      );
      poller.start();
      await advance(60);
      for (let i = 0; i < 5; i += 1) poller.wake();
      await advance(100);
      await poller.stop();
      expect(looked_at_ms).toEqual([50, 100, 150]);
    });

    it('looks again at the busy pause when woken during a look that found nothing', async () => {
      let finish: (found: boolean) => void = () => undefined;
      const looked_at_ms: number[] = [];
      const start_ms = Date.now();
      const poller = new Poller({
        look: () =>
          new Promise<boolean>((resolve) => {
            looked_at_ms.push(Date.now() - start_ms);
            finish = resolve;
          }),
        cadence: new PollCadence(10, 1_000),
        on_error: () => undefined,
      });
      poller.start();
      await advance(10);
      // The work came after this look read its queue: the look finds nothing, yet it was woken.
      poller.wake();
      finish(false);
      await advance(10);
      expect(looked_at_ms).toEqual([10, 20]);
      const stopped = poller.stop();
      finish(false);
      await stopped;
    });

    it('does nothing once stopped', async () => {
      const { poller, looked_at_ms } = idlePoller(10, 1_000);
      poller.start();
      await advance(20);
      await poller.stop();
      poller.wake();
      await advance(1_000);
      expect(looked_at_ms).toEqual([10]);
    });
  });
});
