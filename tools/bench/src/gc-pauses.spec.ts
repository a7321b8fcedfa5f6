import { describeGcPauses, recordGcPauses, type GcPause } from './gc-pauses';

describe('describeGcPauses', () => {
  it('sums each kind, names its longest pause and dates the major collections', () => {
    const pauses: GcPause[] = [
      { kind: 'minor', start_ms: 100, duration_ms: 2.5 },
      { kind: 'minor', start_ms: 400, duration_ms: 4.25 },
      { kind: 'incremental', start_ms: 3300, duration_ms: 6 },
      { kind: 'major', start_ms: 3420, duration_ms: 21.2 },
      { kind: 'major', start_ms: 9000, duration_ms: 14 },
      { kind: 'weak_callbacks', start_ms: 3450, duration_ms: 0.1 },
    ];
    expect(describeGcPauses(pauses)).toBe(
      '2 minor (7 ms, longest 4.3 ms), 1 incremental (6 ms, longest 6.0 ms), ' +
        '2 major (35 ms, longest 21.2 ms); major collections at 3.4 s, 9.0 s',
    );
  });

  it('says so when no major collection ran', () => {
    expect(describeGcPauses([{ kind: 'minor', start_ms: 5, duration_ms: 1 }])).toBe(
      '1 minor (1 ms, longest 1.0 ms), 0 incremental (0 ms, longest 0.0 ms), ' +
        '0 major (0 ms, longest 0.0 ms); no major collection',
    );
  });
});

describe('recordGcPauses', () => {
  it('records a collection this process ran, dated after the recording started', async () => {
    const recording = recordGcPauses();
    // Garbage that outlives its loop turn, enough to fill the young generation many times over.
    let batch: object[] = [];
    for (let round = 0; round < 2_000_000; round += 1) {
      batch.push({ round });
      if (batch.length === 1_000) batch = [];
    }
    // Node reports a collection after it ran, from the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    const pauses = recording.stop();
    expect(pauses.some((pause) => pause.kind === 'minor')).toBe(true);
    for (const pause of pauses) {
      expect(pause.start_ms).toBeGreaterThanOrEqual(0);
      expect(pause.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });
});
