import {
  DomainError,
  type RiskBatchCounts,
  type RiskBatchItemOutcome,
  type RiskBatchStatus,
} from '@platform/contracts';

/**
 * A credit-scoring batch as an aggregate (decisions D10): its status and how many of its items
 * have each status. Items are evaluated chunk by chunk; each chunk's outcomes are recorded at
 * once, and the batch finishes when no item is pending. A batch that ends with no item evaluated
 * (every evaluable item failed) is `failed`; otherwise `completed`.
 */
export interface BatchState {
  status: RiskBatchStatus | 'absent';
  total: number;
  counts: RiskBatchCounts;
}

export type BatchCommand =
  | { type: 'open_batch'; data: { pending: number; invalid: number } }
  | { type: 'record_chunk'; data: { outcomes: readonly RiskBatchItemOutcome[] } }
  | { type: 'fail_batch'; data: { reason: string } };

export type BatchEvent =
  | { type: 'batch_opened'; data: { pending: number; invalid: number } }
  | { type: 'chunk_recorded'; data: { outcomes: Partial<Record<RiskBatchItemOutcome, number>> } }
  /** A batch failed as a whole: its pending items are failed with it. */
  | { type: 'batch_failed'; data: { reason: string } }
  | { type: 'batch_finished'; data: { status: 'completed' | 'failed' } };

export const NO_COUNTS: RiskBatchCounts = Object.freeze({
  pending: 0,
  completed: 0,
  no_score: 0,
  consent_required: 0,
  invalid: 0,
  failed: 0,
});

export const ABSENT_BATCH: BatchState = Object.freeze({
  status: 'absent',
  total: 0,
  counts: NO_COUNTS,
});

export function isFinished(state: BatchState): boolean {
  return state.status === 'completed' || state.status === 'failed';
}

/** Items with a final status: every item but the pending ones. */
export function processedOf(state: BatchState): number {
  return state.total - state.counts.pending;
}

export function decide(command: BatchCommand, state: BatchState): BatchEvent[] {
  switch (command.type) {
    case 'open_batch': {
      if (state.status !== 'absent') throw new Error('the batch is already open');
      const { pending, invalid } = command.data;
      if (pending < 1) throw new DomainError('no_valid_items', 'the batch has no valid subject');
      return [{ type: 'batch_opened', data: { pending, invalid } }];
    }
    case 'record_chunk': {
      const { outcomes } = command.data;
      if (isFinished(state) || state.status === 'absent') {
        throw new Error(`cannot record a chunk of a batch that is ${state.status}`);
      }
      if (outcomes.length > state.counts.pending) {
        throw new Error(`${outcomes.length} outcomes for ${state.counts.pending} pending items`);
      }
      const tally: Partial<Record<RiskBatchItemOutcome, number>> = {};
      for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
      const recorded: BatchEvent = { type: 'chunk_recorded', data: { outcomes: tally } };
      if (outcomes.length < state.counts.pending) return [recorded];
      return [recorded, finished(evolve(state, recorded))];
    }
    case 'fail_batch':
      if (isFinished(state)) return [];
      if (state.status === 'absent') throw new Error('cannot fail a batch that does not exist');
      return [
        { type: 'batch_failed', data: { reason: command.data.reason } },
        { type: 'batch_finished', data: { status: 'failed' } },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Completed unless not one item got an answer from the evaluation. */
function finished(state: BatchState): BatchEvent {
  const { completed, no_score, consent_required } = state.counts;
  const answered = completed + no_score + consent_required;
  return { type: 'batch_finished', data: { status: answered > 0 ? 'completed' : 'failed' } };
}

export function evolve(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'batch_opened': {
      const { pending, invalid } = event.data;
      return {
        status: 'queued',
        total: pending + invalid,
        counts: { ...NO_COUNTS, pending, invalid },
      };
    }
    case 'chunk_recorded': {
      const counts = { ...state.counts };
      for (const [outcome, count] of Object.entries(event.data.outcomes)) {
        counts[outcome as RiskBatchItemOutcome] += count;
        counts.pending -= count;
      }
      return { ...state, status: 'processing', counts };
    }
    case 'batch_failed':
      return {
        ...state,
        counts: { ...state.counts, failed: state.counts.failed + state.counts.pending, pending: 0 },
      };
    case 'batch_finished':
      return { ...state, status: event.data.status };
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

export const evolveAll = (state: BatchState, events: readonly BatchEvent[]): BatchState =>
  events.reduce(evolve, state);
