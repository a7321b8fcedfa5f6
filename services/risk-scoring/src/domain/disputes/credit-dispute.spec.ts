import { DomainError } from '@platform/contracts';
import {
  decide,
  evolve,
  type CreditDisputeCommand,
  type CreditDisputeState,
} from './credit-dispute';

const AT = '2026-01-02T03:04:05.000Z';
const FACTORS = [
  { code: 'late_payments', description: 'payments made late in the last 12 months' },
  { code: 'short_history', description: 'credit history under two years' },
];
const open = (
  factor_code: string,
  reason = 'paid on time, receipts attached',
): CreditDisputeCommand => ({
  type: 'open',
  factor_code,
  reason,
  factors: FACTORS,
  at: AT,
});
const decideAs = (decision: 'resolved' | 'rejected'): CreditDisputeCommand => ({
  type: 'decide',
  decision,
  note: 'checked with the creditor',
  at: AT,
});

function run(commands: CreditDisputeCommand[]) {
  return commands.reduce<CreditDisputeState | null>(
    (current, command) => decide(command, current).reduce(evolve, current),
    null,
  );
}

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('credit dispute', () => {
  it("opens on a factor of the latest report, keeping the factor's description", () => {
    expect(decide(open('late_payments', '  paid on time  '), null)).toEqual([
      { type: 'opened', factor: FACTORS[0], reason: 'paid on time', at: AT },
    ]);
    expect(run([open('late_payments')])).toMatchObject({ status: 'open', decided_at: null });
  });

  it('refuses a factor the report does not have and an empty or too long reason', () => {
    expect(codeOf(() => decide(open('bankruptcy'), null))).toBe('invalid_request');
    expect(codeOf(() => decide(open('late_payments', '   '), null))).toBe('invalid_request');
    expect(codeOf(() => decide(open('late_payments', 'x'.repeat(2001)), null))).toBe(
      'invalid_request',
    );
  });

  it('is decided once: the same decision again decides nothing, the other is already_decided', () => {
    const resolved = run([open('late_payments'), decideAs('resolved')]);
    expect(resolved).toMatchObject({
      status: 'resolved',
      decision_note: 'checked with the creditor',
    });
    expect(decide(decideAs('resolved'), resolved)).toEqual([]);
    expect(codeOf(() => decide(decideAs('rejected'), resolved))).toBe('already_decided');
    const rejected = run([open('short_history'), decideAs('rejected')]);
    expect(codeOf(() => decide(decideAs('resolved'), rejected))).toBe('already_decided');
  });

  it('cannot decide a dispute that does not exist, and an existing one does not reopen', () => {
    expect(codeOf(() => decide(decideAs('resolved'), null))).toBe('not_found');
    expect(decide(open('late_payments'), run([open('late_payments')]))).toEqual([]);
  });
});
