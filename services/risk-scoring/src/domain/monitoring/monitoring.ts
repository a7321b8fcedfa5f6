import { DomainError, type CreditBand } from '@platform/contracts';

/** A score as the account was last told it (300-850 and its band). */
export interface SeenScore {
  score: number;
  band: CreditBand;
}

/** One account's subscription to one subject, as its decider sees it. */
export interface MonitoringState {
  status: 'active' | 'stopped';
  /** The last score the account was told; null while the subject has never had one. */
  seen: SeenScore | null;
}

export type MonitoringCommand =
  /** `PUT .../monitoring`: `current` is the subject's latest score the account reported. */
  | { type: 'start'; current: SeenScore | null; at: string }
  | { type: 'stop'; at: string }
  /** A fresh evaluation of the subject; null when the bureau has no score for it now. */
  | { type: 'observe'; evaluated: SeenScore | null; at: string };

export type MonitoringEvent =
  | { type: 'started'; seen: SeenScore | null; at: string }
  | { type: 'stopped'; at: string }
  /** The first score of a subject that had none: kept, not told (there is nothing to compare). */
  | { type: 'first_scored'; seen: SeenScore; at: string }
  | { type: 'score_changed'; previous: SeenScore; current: SeenScore; at: string }
  | {
      type: 'alert_raised';
      previous: SeenScore;
      current: SeenScore;
      direction: 'improved' | 'worsened';
      at: string;
    };

/**
 * The monitoring rules (pure). A start of an active subscription and an evaluation that tells
 * nothing new decide nothing, so a PUT twice and a rescoring job retried after a crash are
 * harmless. A subject that loses its score keeps the last one told (there is nothing to
 * compare); one that gains its first score keeps it silently, the base of later changes.
 */
export function decide(
  command: MonitoringCommand,
  state: MonitoringState | null,
): MonitoringEvent[] {
  switch (command.type) {
    case 'start':
      if (state?.status === 'active') return [];
      return [{ type: 'started', seen: command.current, at: command.at }];
    case 'stop':
      if (state?.status !== 'active') throw new DomainError('not_found', 'not monitored');
      return [{ type: 'stopped', at: command.at }];
    case 'observe':
      return decideObservation(command.evaluated, command.at, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown monitoring command ${JSON.stringify(unknown)}`);
    }
  }
}

function decideObservation(
  evaluated: SeenScore | null,
  at: string,
  state: MonitoringState | null,
): MonitoringEvent[] {
  if (state?.status !== 'active' || evaluated === null) return [];
  const previous = state.seen;
  if (previous === null) return [{ type: 'first_scored', seen: evaluated, at }];
  if (previous.score === evaluated.score && previous.band === evaluated.band) return [];
  const changed: MonitoringEvent = { type: 'score_changed', previous, current: evaluated, at };
  if (previous.band === evaluated.band) return [changed];
  const direction = bandRank(evaluated.band) < bandRank(previous.band) ? 'improved' : 'worsened';
  return [changed, { type: 'alert_raised', previous, current: evaluated, direction, at }];
}

/** A is the best band: a lower rank is a better band. */
function bandRank(band: CreditBand): number {
  return 'ABCDE'.indexOf(band);
}

/** The state an event leaves (pure). */
export function evolve(state: MonitoringState | null, event: MonitoringEvent): MonitoringState {
  switch (event.type) {
    case 'started':
      return { status: 'active', seen: event.seen };
    case 'first_scored':
      return { status: 'active', seen: event.seen };
    case 'stopped':
      return { status: 'stopped', seen: state?.seen ?? null };
    case 'score_changed':
    case 'alert_raised':
      return { status: 'active', seen: event.current };
    default: {
      const unknown: never = event;
      throw new Error(`unknown monitoring event ${JSON.stringify(unknown)}`);
    }
  }
}
