import {
  describeGcPauses,
  describeRoundsByMajorCollection,
  recordGcPauses,
  youngGenerationMb,
  type GcPause,
} from './gc-pauses';

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

describe('describeRoundsByMajorCollection', () => {
  it('gives the median p99 of the rounds with a major collection and of those without', () => {
    expect(
      describeRoundsByMajorCollection([
        { p99_ms: 137.08, major_collections: 2 },
        { p99_ms: 22.7, major_collections: 0 },
        { p99_ms: 55.06, major_collections: 0 },
        { p99_ms: 106.65, major_collections: 1 },
        { p99_ms: 30, major_collections: 0 },
      ]),
    ).toBe('2 of 5 rounds had a major collection, p99 121.87 ms; 3 had none, p99 30.00 ms');
  });

  it('leaves out the p99 of a part with no round', () => {
    expect(describeRoundsByMajorCollection([{ p99_ms: 20, major_collections: 0 }])).toBe(
      '0 of 1 rounds had a major collection; 1 had none, p99 20.00 ms',
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

describe('youngGenerationMb', () => {
  it("reads the young generation's size from V8, within what this process's flags allow", () => {
    const young_mb = youngGenerationMb();
    expect(young_mb).toBeGreaterThan(0);
    // V8 reserves at most three times the largest semi-space (16 MB unless a flag sets it).
    const max_semi_mb = Number(
      /--max-semi-space-size=(\d+)/.exec(process.execArgv.join(' '))?.[1] ?? 16,
    );
    expect(young_mb).toBeLessThanOrEqual(3 * max_semi_mb);
  });
});
