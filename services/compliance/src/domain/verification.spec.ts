import { DomainError } from '@platform/contracts';
import { decide, evolve, execute } from './verification-decide';
import type { VerificationCommand, VerificationEvent } from './verification-events';
import {
  initialVerification,
  pendingDocuments,
  type VerificationState,
} from './verification-state';
import { sandboxOutcome, SANDBOX_REVIEW_COMMENTS } from './sandbox-verification';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:10:00.000Z';
const EXPIRES = '2026-01-02T00:00:00.000Z';
const REQUESTER = { account_active: true, lacks_second_factor: false };
const PERSON = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  legal_name: null,
  doc_id: 'AB123456',
  country: 'GB',
};

const issue = (link_id = 'lnk-1', submission_id = 'sub-1', now = NOW): VerificationCommand => ({
  type: 'issue_link',
  data: { ...REQUESTER, link_id, submission_id, expires_at: EXPIRES, now },
});
const document = (category = 'identity_document'): VerificationCommand => ({
  type: 'attach_document',
  data: {
    document: {
      document_id: `doc-${category}`,
      category,
      content_type: 'image/png',
      size_bytes: 10,
      created_at: NOW,
    },
    now: NOW,
  },
});
const identity = (last_name = 'Lovelace'): VerificationCommand => ({
  type: 'enter_identity',
  data: { identity: { ...PERSON, last_name }, birth_date: '1990-01-01', now: NOW },
});
const liveness: VerificationCommand = { type: 'complete_liveness', data: { now: NOW } };
const finish: VerificationCommand = { type: 'finish', data: { now: NOW } };
const awaitReview: VerificationCommand = {
  type: 'advance',
  data: { outcome: { type: 'await_review' }, now: NOW },
};

/** Replays commands from a fresh person's verification: the state and every event. */
function replay(
  commands: VerificationCommand[],
  start = initialVerification('acc-1', 'org-1', 'kyc'),
) {
  const events: VerificationEvent[] = [];
  let state: VerificationState = start;
  for (const command of commands) {
    const result = execute(command, state);
    events.push(...result.events);
    state = result.state;
  }
  return { state, events };
}

function refusal(commands: VerificationCommand[], last: VerificationCommand): string {
  const { state } = replay(commands);
  try {
    decide(last, state);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('the command was accepted');
}

const SUBMITTED = [issue(), identity(), document(), liveness, finish];

describe('verification decider', () => {
  it('goes none -> link issued -> submitted -> checks in order -> pending awaiting review', () => {
    const { state, events } = replay([
      ...SUBMITTED,
      awaitReview,
      awaitReview,
      awaitReview,
      awaitReview,
    ]);
    expect(
      events.map((event) => (event.type === 'check_recorded' ? event.data.step : event.type)),
    ).toEqual([
      'link_issued',
      'identity_entered',
      'document_attached',
      'liveness_completed',
      'submitted',
      'link_completed',
      'document_validated',
      'liveness_completed',
      'status_changed',
    ]);
    expect(state).toMatchObject({
      status: 'pending',
      phase: 'awaiting_review',
      submission_id: 'sub-1',
    });
  });

  it('takes no liveness step for a company', () => {
    const company = initialVerification('acc-2', 'org-1', 'kyb');
    const { state } = replay(
      [
        issue(),
        {
          type: 'enter_identity',
          data: {
            identity: { ...PERSON, legal_name: 'Analytical Engines Ltd' },
            birth_date: null,
            now: NOW,
          },
        },
        document('company_registration'),
        finish,
        awaitReview,
        awaitReview,
        awaitReview,
      ],
      company,
    );
    expect(state.checks_done).toEqual(['link_completed', 'document_validated']);
    expect(state.phase).toBe('awaiting_review');
    expect(() => decide(liveness, replay([issue()], company).state)).toThrow('no liveness step');
  });

  it('approves, rejects or asks for changes by a reviewer decision', () => {
    const reviewed = [...SUBMITTED, awaitReview, awaitReview, awaitReview, awaitReview];
    const approve: VerificationCommand = {
      type: 'decide',
      data: { decision: 'approve', comments: [], now: LATER },
    };
    expect(replay([...reviewed, approve]).state).toMatchObject({
      status: 'approved',
      phase: 'decided',
      decision: 'approve',
      risk_band: 'low',
    });
    const changes: VerificationCommand = {
      type: 'decide',
      data: { decision: 'request_changes', comments: ['blurry photo'], now: LATER },
    };
    const changed = replay([...reviewed, changes]).state;
    expect(changed).toMatchObject({
      status: 'pending',
      phase: 'changes_requested',
      changes_requested_comments: ['blurry photo'],
    });
    // A new link opens a new submission, with nothing collected yet.
    const again = replay([...reviewed, changes, issue('lnk-2', 'sub-2')]).state;
    expect(again).toMatchObject({ phase: 'collecting', submission_id: 'sub-2', documents: [] });
    expect(pendingDocuments(again)).toEqual(['identity_document']);
    expect(refusal([...reviewed, approve], approve)).toBe('already_decided');
    expect(
      refusal(reviewed, {
        type: 'decide',
        data: { decision: 'request_changes', comments: [], now: LATER },
      }),
    ).toBe('invalid_request');
  });

  it('refuses a link to approved, rejected, blocked and 2FA-less callers', () => {
    const reviewed = [...SUBMITTED, awaitReview, awaitReview, awaitReview, awaitReview];
    const decision = (value: 'approve' | 'reject'): VerificationCommand => ({
      type: 'decide',
      data: { decision: value, comments: [], now: LATER },
    });
    expect(refusal([...reviewed, decision('approve')], issue('lnk-9'))).toBe('already_verified');
    expect(refusal([...reviewed, decision('reject')], issue('lnk-9'))).toBe(
      'verification_rejected_requires_admin',
    );
    expect(
      refusal([], {
        type: 'issue_link',
        data: { ...(issue().data as object), account_active: false },
      } as VerificationCommand),
    ).toBe('account_blocked');
    expect(
      refusal([], {
        type: 'issue_link',
        data: { ...(issue().data as object), lacks_second_factor: true },
      } as VerificationCommand),
    ).toBe('verification_requires_2fa');
    expect(refusal(SUBMITTED, issue('lnk-9'))).toBe('duplicate');
  });

  it('keeps what was collected when a link is replaced, and closes the old one', () => {
    const { state } = replay([issue(), identity(), issue('lnk-2', 'sub-other')]);
    expect(state).toMatchObject({ submission_id: 'sub-1', link: { link_id: 'lnk-2' } });
    expect(state.identity).not.toBeNull();
  });

  it('refuses input on an expired or submitted link, a second liveness and an early finish', () => {
    expect(refusal([issue()], { type: 'finish', data: { now: '2026-01-03T00:00:00.000Z' } })).toBe(
      'link_inactive',
    );
    expect(refusal(SUBMITTED, document())).toBe('link_inactive');
    expect(refusal([issue(), liveness], liveness)).toBe('liveness_already_completed');
    expect(refusal([issue(), identity()], finish)).toBe('invalid_request');
  });

  it('reopens a decided verification for a new submission, never one under review', () => {
    const reviewed = [...SUBMITTED, awaitReview, awaitReview, awaitReview, awaitReview];
    const reject: VerificationCommand = {
      type: 'decide',
      data: { decision: 'reject', comments: [], now: LATER },
    };
    const reopen: VerificationCommand = { type: 'reopen', data: { now: LATER } };
    const { state } = replay([...reviewed, reject, reopen, issue('lnk-2', 'sub-2')]);
    expect(state).toMatchObject({ status: 'none', phase: 'collecting', submission_id: 'sub-2' });
    expect(refusal(reviewed, reopen)).toBe('duplicate');
    expect(decide(reopen, initialVerification('acc-1', 'org-1', 'kyc'))).toEqual([]);
    // A sandbox account is approved at confirm: reopening it asks for a verification.
    const approved = {
      ...initialVerification('acc-1', 'org-1', 'kyc'),
      status: 'approved' as const,
    };
    expect(execute(reopen, approved).state.status).toBe('none');
  });

  it('ignores an advance of a submission that is not processing', () => {
    expect(decide(awaitReview, replay([issue()]).state)).toEqual([]);
  });

  it('evolves the same state whether events are applied one by one or replayed', () => {
    const { state, events } = replay([...SUBMITTED, awaitReview]);
    expect(events.reduce(evolve, initialVerification('acc-1', 'org-1', 'kyc'))).toEqual(state);
  });
});

describe('sandbox outcome (D8)', () => {
  it('decides by the last name of a person or the legal name of a company', () => {
    expect(sandboxOutcome('kyc', { ...PERSON, last_name: 'REJECT' })).toMatchObject({
      decision: 'reject',
    });
    expect(sandboxOutcome('kyc', { ...PERSON, last_name: 'review' })).toMatchObject({
      decision: 'request_changes',
      comments: SANDBOX_REVIEW_COMMENTS,
    });
    expect(sandboxOutcome('kyc', PERSON)).toMatchObject({ decision: 'approve', risk_band: 'low' });
    expect(sandboxOutcome('kyb', { ...PERSON, legal_name: 'REJECT' })).toMatchObject({
      decision: 'reject',
    });
  });

  it('ends the checks of a sandbox submission with its decision', () => {
    const outcome = sandboxOutcome('kyc', { ...PERSON, last_name: 'REVIEW' });
    const advance: VerificationCommand = { type: 'advance', data: { outcome, now: NOW } };
    const { state } = replay([
      issue(),
      identity('REVIEW'),
      document(),
      liveness,
      finish,
      advance,
      advance,
      advance,
      advance,
    ]);
    expect(state).toMatchObject({
      status: 'pending',
      phase: 'changes_requested',
      changes_requested_comments: SANDBOX_REVIEW_COMMENTS,
    });
  });
});
