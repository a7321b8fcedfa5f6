import { DomainError } from '@platform/contracts';
import {
  decide,
  evolve,
  type MonitoringCommand,
  type MonitoringState,
  type SeenScore,
} from './monitoring';

const AT = '2026-01-02T03:04:05.000Z';
const score = (value: number, band: SeenScore['band']): SeenScore => ({ score: value, band });
const start = (current: SeenScore | null): MonitoringCommand => ({
  type: 'start',
  current,
  at: AT,
});
const observe = (evaluated: SeenScore | null): MonitoringCommand => ({
  type: 'observe',
  evaluated,
  at: AT,
});

/** Runs commands in order as the handler does: decide, then evolve by what was decided. */
function run(commands: MonitoringCommand[], state: MonitoringState | null = null) {
  return commands.reduce<MonitoringState | null>(
    (current, command) => decide(command, current).reduce(evolve, current),
    state,
  );
}

describe('monitoring: subscribe and stop', () => {
  it('starts with the score the account reported; a second start decides nothing', () => {
    const started = run([start(score(700, 'B'))]);
    expect(started).toEqual({ status: 'active', seen: score(700, 'B') });
    expect(decide(start(score(650, 'C')), started)).toEqual([]);
  });

  it('stops an active subscription once; stopping again or before any start is not_found', () => {
    const stopped = run([start(score(700, 'B')), { type: 'stop', at: AT }]);
    expect(stopped).toEqual({ status: 'stopped', seen: score(700, 'B') });
    for (const state of [stopped, null]) {
      expect(() => decide({ type: 'stop', at: AT }, state)).toThrow(DomainError);
    }
  });

  it('restarts a stopped subscription from the score reported now', () => {
    const restarted = run(
      [start(score(700, 'B')), { type: 'stop', at: AT }, start(score(560, 'D'))],
      null,
    );
    expect(restarted).toEqual({ status: 'active', seen: score(560, 'D') });
  });
});

describe('monitoring: rescoring', () => {
  const active: MonitoringState = { status: 'active', seen: score(700, 'B') };

  it('tells a score change within the band without an alert', () => {
    expect(decide(observe(score(690, 'B')), active)).toEqual([
      { type: 'score_changed', previous: score(700, 'B'), current: score(690, 'B'), at: AT },
    ]);
  });

  it('raises an alert past a band boundary, worsened or improved', () => {
    const worse = decide(observe(score(610, 'C')), active);
    expect(worse.map((event) => event.type)).toEqual(['score_changed', 'alert_raised']);
    expect(worse[1]).toMatchObject({ direction: 'worsened', previous: { band: 'B' } });
    const better = decide(observe(score(800, 'A')), active);
    expect(better[1]).toMatchObject({ direction: 'improved', current: { band: 'A' } });
  });

  it('decides nothing for the same score again, so a retried rescoring tells nothing twice', () => {
    const after = run([observe(score(610, 'C'))], active);
    expect(after).toEqual({ status: 'active', seen: score(610, 'C') });
    expect(decide(observe(score(610, 'C')), after)).toEqual([]);
  });

  it('ignores evaluations of a stopped subscription and a subject that lost its score', () => {
    expect(decide(observe(score(500, 'E')), { ...active, status: 'stopped' })).toEqual([]);
    expect(decide(observe(null), active)).toEqual([]);
    expect(decide(observe(score(500, 'E')), null)).toEqual([]);
  });

  it('keeps the first score of a subject that had none silently, then compares with it', () => {
    const first = run([start(null), observe(score(640, 'C'))]);
    expect(first).toEqual({ status: 'active', seen: score(640, 'C') });
    expect(decide(observe(score(640, 'C')), first)).toEqual([]);
    expect(decide(observe(score(600, 'C')), first).map((event) => event.type)).toEqual([
      'score_changed',
    ]);
  });
});
