import { DomainError } from '@platform/contracts';
import type { EvidenceFile } from './evidence-files';
import { decide, holdSettlementOf, isSandboxDisputed, sandboxOutcome } from './dispute-decide';
import { disputeResourceOf, statusChangedOf } from './dispute-views';
import {
  evolve,
  foldDispute,
  type DisputeCommand,
  type DisputeOpening,
  type DisputeState,
} from './dispute-state';

const T0 = '2026-01-05T10:00:00.000Z';
const T1 = '2026-01-05T10:01:00.000Z';
const T2 = '2026-01-05T10:02:00.000Z';

const opening: DisputeOpening = {
  dispute_id: 'dsp-1',
  payin_id: 'pin-1',
  account_id: 'acc-1',
  org_id: 'org-1',
  amount: '25.55',
  currency: 'USD',
  reason: 'fraudulent',
  respond_by: '2026-01-12T10:00:00.000Z',
  hold: { hold_id: 'dispute-pin-1', asset: 'USD', amount: '25.55' },
  now: T0,
};

const open: DisputeCommand = { type: 'open', data: opening };
const pdf = (file_id: string): EvidenceFile => ({
  file_id,
  filename: `${file_id}.pdf`,
  content_type: 'application/pdf',
  size_bytes: 10,
  uploaded_at: T1,
});
const evidence = (text: string, files: EvidenceFile[] = [], now = T1): DisputeCommand => ({
  type: 'submit_evidence',
  data: { text, files, now },
});
const resolve = (outcome: 'won' | 'lost'): DisputeCommand => ({
  type: 'resolve',
  data: { outcome, now: T2 },
});

/** Runs commands as the writer does: decide, then evolve by what was decided. */
function run(commands: DisputeCommand[], state: DisputeState | null = null): DisputeState | null {
  return commands.reduce(
    (current, command) => decide(command, current).reduce<DisputeState | null>(evolve, current),
    state,
  );
}

function refusal(commands: DisputeCommand[], last: DisputeCommand): string {
  try {
    decide(last, run(commands));
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('dispute decider', () => {
  it('opens needing a response, with the hold and no evidence', () => {
    expect(run([open])).toEqual({
      dispute_id: 'dsp-1',
      payin_id: 'pin-1',
      account_id: 'acc-1',
      org_id: 'org-1',
      amount: '25.55',
      currency: 'USD',
      reason: 'fraudulent',
      respond_by: '2026-01-12T10:00:00.000Z',
      hold: { hold_id: 'dispute-pin-1', asset: 'USD', amount: '25.55' },
      status: 'needs_response',
      evidence: null,
      opened_at: T0,
      updated_at: T0,
    });
  });

  it('opens once: a redelivered opening decides nothing', () => {
    expect(decide(open, run([open]))).toEqual([]);
  });

  it('takes trimmed evidence and moves to under_review', () => {
    const state = run([open, evidence('  receipt and tracking  ')]);
    expect(state).toMatchObject({
      status: 'under_review',
      evidence: { text: 'receipt and tracking', submitted_at: T1 },
      updated_at: T1,
    });
  });

  it.each([
    ['empty text', [open], evidence('   '), 'invalid_evidence'],
    ['too long text', [open], evidence('x'.repeat(10_001)), 'invalid_evidence'],
    ['a second evidence', [open, evidence('a')], evidence('b'), 'dispute_not_awaiting_response'],
    [
      'evidence after the decision',
      [open, evidence('a'), resolve('won')],
      evidence('b'),
      'dispute_not_awaiting_response',
    ],
    ['evidence on no dispute', [], evidence('a'), 'not_found'],
    [
      'more than five files',
      [open],
      evidence('a', ['1', '2', '3', '4', '5', '6'].map(pdf)),
      'file_limit_reached',
    ],
  ])('refuses %s', (_name, before, last, code) => {
    expect(refusal(before, last)).toBe(code);
  });

  it('keeps the files of the evidence', () => {
    const files = ['1', '2', '3', '4', '5'].map(pdf);
    expect(run([open, evidence('see files', files)])).toMatchObject({
      status: 'under_review',
      evidence: { text: 'see files', files, submitted_at: T1 },
    });
  });

  it.each(['won', 'lost'] as const)('resolves %s once, from under_review only', (outcome) => {
    expect(decide(resolve(outcome), run([open]))).toEqual([]);
    const decided = run([open, evidence('a'), resolve(outcome)]);
    expect(decided).toMatchObject({ status: outcome, updated_at: T2 });
    expect(decide(resolve('won'), decided)).toEqual([]);
  });

  it('rebuilds the same state by replaying its events', () => {
    const commands = [open, evidence('proof'), resolve('lost')];
    const events: Parameters<typeof foldDispute>[0][number][] = [];
    commands.reduce<DisputeState | null>((state, command) => {
      const decided = decide(command, state);
      events.push(...decided);
      return decided.reduce<DisputeState | null>(evolve, state);
    }, null);
    expect(events.map((event) => event.type)).toEqual(['opened', 'evidence_submitted', 'resolved']);
    expect(foldDispute(events)).toEqual(run(commands));
  });
});

describe('sandbox rules', () => {
  it.each([
    ['25.55', true],
    ['1.55', true],
    ['25.50', false],
    ['5.555', false],
    ['55', false],
  ])('disputes %s: %s', (amount, disputed) => {
    expect(isSandboxDisputed(amount)).toBe(disputed);
  });

  it('decides won unless the evidence says LOSE', () => {
    expect(sandboxOutcome(run([open, evidence('all good')])!)).toBe('won');
    expect(sandboxOutcome(run([open, evidence('please LOSE this')])!)).toBe('lost');
  });

  it('releases the hold when won, captures it when lost, and moves nothing without one', () => {
    const won = run([open, evidence('a'), resolve('won')])!;
    const lost = run([open, evidence('a'), resolve('lost')])!;
    expect(holdSettlementOf(won)).toBe('release');
    expect(holdSettlementOf(lost)).toBe('capture');
    expect(holdSettlementOf(run([open])!)).toBeNull();
    expect(holdSettlementOf({ ...won, hold: null })).toBeNull();
  });
});

describe('dispute views', () => {
  it('answers the resource without the ledger hold, and the public event of its status', () => {
    const state = run([open, evidence('proof', [pdf('f1')])])!;
    expect(disputeResourceOf(state)).toEqual({
      dispute_id: 'dsp-1',
      payin_id: 'pin-1',
      amount: '25.55',
      currency: 'USD',
      reason: 'fraudulent',
      status: 'under_review',
      respond_by: '2026-01-12T10:00:00.000Z',
      evidence: {
        text: 'proof',
        files: [
          { file_id: 'f1', filename: 'f1.pdf', content_type: 'application/pdf', size_bytes: 10 },
        ],
        submitted_at: T1,
      },
      created_at: T0,
      updated_at: T1,
    });
    expect(statusChangedOf(state)).toEqual({
      dispute_id: 'dsp-1',
      payin_id: 'pin-1',
      account_id: 'acc-1',
      status: 'under_review',
      amount: '25.55',
      currency: 'USD',
    });
  });

  it('shows no files for evidence given before files were taken', () => {
    const state = run([open, evidence('proof')])!;
    const { files: _none, ...older } = state.evidence!;
    expect(disputeResourceOf({ ...state, evidence: older }).evidence).toEqual({
      text: 'proof',
      files: [],
      submitted_at: T1,
    });
  });
});
