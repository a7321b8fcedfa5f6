import { DomainError } from '@platform/contracts';
import { changesStatus, decide, execute } from './review-decide';
import type { ReviewCommand, ReviewEvent, ReviewFile } from './review-events';
import { evolve, openedReview, type ReviewState } from './review-state';

const at = '2026-01-01T00:00:00.000Z';
const opened = (): ReviewState =>
  openedReview({
    review_id: 'r1',
    operation_kind: 'payout',
    operation_id: 'p1',
    account_id: 'a1',
    org_id: 'o1',
    created_at: at,
  });
const file = (file_id: string): ReviewFile => ({
  file_id,
  filename: `${file_id}.pdf`,
  content_type: 'application/pdf',
  size_bytes: 10,
  uploaded_at: at,
});

/** Replays commands from a new review: the state and every event decided. */
function replay(commands: ReviewCommand[], state = opened()) {
  const events: ReviewEvent[] = [];
  for (const command of commands) {
    const result = execute(command, state);
    events.push(...result.events);
    state = result.state;
  }
  return { state, events };
}

function refusal(commands: ReviewCommand[], last: ReviewCommand): string {
  const { state } = replay(commands);
  try {
    decide(last, state);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'accepted';
}

const approve = (reviewer: 'operator' | `org_admin:${string}`): ReviewCommand => ({
  type: 'approve',
  reviewer,
  comment: '',
  at,
});
const attach = (file_id: string, max_files = 20): ReviewCommand => ({
  type: 'attach_file',
  file: file(file_id),
  max_files,
  at,
});

describe('firewall review decider', () => {
  it('releases on two approvals by different reviewers', () => {
    const { state, events } = replay([approve('operator'), approve('org_admin:x')]);
    expect(state.status).toBe('released');
    expect(state.approvals.map((a) => a.reviewer)).toEqual(['operator', 'org_admin:x']);
    expect(events.map((e) => e.type)).toEqual([
      'approval_recorded',
      'approval_recorded',
      'released',
    ]);
  });

  it('does not count a second approval by the same reviewer', () => {
    const { state } = replay([approve('operator'), approve('operator')]);
    expect(state.status).toBe('in_review');
    expect(state.approvals).toHaveLength(1);
  });

  it('clears the first approval when a file arrives while in review', () => {
    const { state } = replay([approve('operator'), attach('f1'), approve('org_admin:x')]);
    expect(state.status).toBe('in_review');
    expect(state.approvals.map((a) => a.reviewer)).toEqual(['org_admin:x']);
    expect(state.files.map((f) => f.file_id)).toEqual(['f1']);
  });

  it('goes to info_requested and back to in_review with the answer', () => {
    const asked = replay([{ type: 'request_info', reviewer: 'operator', comment: 'why?', at }]);
    expect(asked.state.status).toBe('info_requested');
    const { state } = replay([{ type: 'answer_info', text: 'rent', at }], asked.state);
    expect(state.status).toBe('in_review');
    expect(state.requested_info).toEqual([
      { question: 'why?', requested_at: at, answer: 'rent', answered_at: at },
    ]);
  });

  it('refuses an answer while not awaiting information', () => {
    expect(refusal([], { type: 'answer_info', text: 'x', at })).toBe('not_awaiting_info');
  });

  it('rejects, and a decided review refuses further decisions', () => {
    const rejected: ReviewCommand = { type: 'reject', reviewer: 'operator', comment: '', at };
    expect(replay([rejected]).state.status).toBe('rejected');
    expect(refusal([rejected], approve('org_admin:x'))).toBe('already_decided');
    expect(refusal([rejected], attach('f1'))).toBe('already_decided');
    expect(refusal([approve('operator'), approve('org_admin:x')], rejected)).toBe(
      'already_decided',
    );
  });

  it('limits the files of a review', () => {
    expect(refusal([attach('f1', 2), attach('f2', 2)], attach('f3', 2))).toBe('file_limit_reached');
  });

  it('settles at once (operator shortcut), and the same outcome again decides nothing', () => {
    const settle: ReviewCommand = { type: 'settle', decision: 'released', at };
    const { state } = replay([settle]);
    expect(state.status).toBe('released');
    expect(decide(settle, state)).toEqual([]);
    expect(refusal([settle], { type: 'settle', decision: 'rejected', at })).toBe('already_decided');
  });

  it('publishes status changes only', () => {
    const { events } = replay([approve('operator'), attach('f1'), approve('operator')]);
    expect(events.filter(changesStatus)).toEqual([]);
    expect(evolve(opened(), { type: 'released', at }).status).toBe('released');
  });
});
