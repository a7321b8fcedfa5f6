import { DomainError } from '@platform/contracts';
import { decide } from './withdrawal-decide';
import {
  awaitsBroadcast,
  effectOf,
  evolve,
  isFinal,
  type WithdrawalCommand,
  type WithdrawalEvent,
  type WithdrawalState,
} from './withdrawal-state';
import { publicWithdrawal, statusChangedData } from './withdrawal-view';

const AT = '2026-11-25T06:00:00.000Z';
const LATER = '2026-11-25T06:00:05.000Z';

const opened = (review_id: string | null = null) => ({
  withdrawal_id: 'wdr-1',
  account_id: 'acc-1',
  org_id: 'org-1',
  chain: 'tron',
  asset: 'USDT',
  amount: '25.000000',
  fee: '1.000000',
  to_address: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
  idempotency_key: 'key-1',
  travel_rule_status: 'not_required' as const,
  tx_id: null,
  review_id,
  failure_reason: null,
  created_at: AT,
});

/** Runs commands from nothing: the state they leave and every event decided on the way. */
function run(commands: WithdrawalCommand[]): { state: WithdrawalState; events: WithdrawalEvent[] } {
  let state: WithdrawalState | null = null;
  const events: WithdrawalEvent[] = [];
  for (const command of commands) {
    for (const event of decide(command, state)) {
      state = evolve(state, event);
      events.push(event);
    }
  }
  if (!state) throw new Error('no state');
  return { state, events };
}

const open = (review_id: string | null = null): WithdrawalCommand => ({
  type: 'open',
  state: opened(review_id),
  at: AT,
});
const broadcast = (tx_id: string | null = 'tx-1'): WithdrawalCommand => ({
  type: 'record_broadcast',
  tx_id,
  at: LATER,
});
const observed = (status: 'seen' | 'confirmed' | 'failed', tx_id = 'tx-1'): WithdrawalCommand => ({
  type: 'record_observation',
  status,
  tx_id,
  at: LATER,
});
const release: WithdrawalCommand = { type: 'release_review', at: LATER };
const reject: WithdrawalCommand = { type: 'reject_review', at: LATER };

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
  return 'no error';
};

describe('crypto withdrawal decider', () => {
  it('opens pending without a review and in_review with one', () => {
    expect(run([open()]).state).toMatchObject({ status: 'pending', updated_at: AT });
    expect(run([open('rev-1')]).state).toMatchObject({ status: 'in_review', review_id: 'rev-1' });
    expect(awaitsBroadcast(run([open()]).state)).toBe(true);
    expect(awaitsBroadcast(run([open('rev-1')]).state)).toBe(false);
  });

  it('opens once: a second open decides nothing', () => {
    const { state } = run([open()]);
    expect(decide(open(), state)).toEqual([]);
  });

  it('needs an opened withdrawal for every other command', () => {
    expect(codeOf(() => decide(broadcast(), null))).toBe('not_found');
    expect(() => evolve(null, { type: 'review_released', at: AT })).toThrow(/before opened/);
  });

  it('goes pending -> processing -> completed, posting the hold on completion', () => {
    const { state, events } = run([open(), broadcast(), observed('seen'), observed('confirmed')]);
    expect(events.map((event) => event.type)).toEqual(['opened', 'broadcast', 'completed']);
    expect(state).toMatchObject({ status: 'completed', tx_id: 'tx-1', updated_at: LATER });
    expect(events.map(effectOf)).toEqual([null, null, 'post_hold']);
    expect(isFinal(state.status)).toBe(true);
  });

  it('fails on a failed observation, releasing the hold (the debit refunded)', () => {
    const { state, events } = run([open(), broadcast(), observed('failed')]);
    expect(state).toMatchObject({ status: 'failed', failure_reason: 'chain_failed' });
    expect(effectOf(events[events.length - 1] as WithdrawalEvent)).toBe('release_hold');
  });

  it('records a live broadcast without tx id, then the tx id the chain shows', () => {
    const { state } = run([open(), broadcast(null)]);
    expect(state).toMatchObject({ status: 'processing', tx_id: null });
    const seen = run([open(), broadcast(null), observed('seen', 'tx-9')]);
    expect(seen.state).toMatchObject({ status: 'processing', tx_id: 'tx-9' });
    expect(seen.events.map((event) => event.type)).toContain('tx_observed');
  });

  it('takes an observation that arrives before its broadcast was recorded', () => {
    expect(run([open(), observed('seen')]).state).toMatchObject({
      status: 'processing',
      tx_id: 'tx-1',
    });
    expect(run([open(), observed('confirmed')]).state.status).toBe('completed');
  });

  it('decides nothing for repeats: a second broadcast, seen, confirmation or failure', () => {
    const processing = run([open(), broadcast()]).state;
    expect(decide(broadcast(), processing)).toEqual([]);
    expect(decide(observed('seen'), processing)).toEqual([]);
    const completed = run([open(), broadcast(), observed('confirmed')]).state;
    for (const repeat of [observed('confirmed'), observed('failed'), broadcast()]) {
      expect(decide(repeat, completed)).toEqual([]);
    }
    const failed = run([open(), broadcast(), observed('failed')]).state;
    expect(decide(observed('confirmed'), failed)).toEqual([]);
  });

  it('ignores observations of a held withdrawal (nothing was broadcast)', () => {
    expect(decide(observed('confirmed'), run([open('rev-1')]).state)).toEqual([]);
  });

  it('releases a held withdrawal to pending (then broadcast), once', () => {
    const { state } = run([open('rev-1'), release]);
    expect(state.status).toBe('pending');
    expect(awaitsBroadcast(state)).toBe(true);
    expect(decide(release, state)).toEqual([]);
    expect(run([open('rev-1'), release, broadcast(), observed('confirmed')]).state.status).toBe(
      'completed',
    );
  });

  it('rejects a held withdrawal: failed with its hold released, once', () => {
    const { state, events } = run([open('rev-1'), reject]);
    expect(state).toMatchObject({ status: 'failed', failure_reason: 'review_rejected' });
    expect(effectOf(events[1] as WithdrawalEvent)).toBe('release_hold');
    expect(decide(reject, state)).toEqual([]);
    expect(codeOf(() => decide(release, state))).toBe('already_decided');
  });

  it('refuses to reject a released withdrawal', () => {
    expect(codeOf(() => decide(reject, run([open('rev-1'), release]).state))).toBe(
      'already_decided',
    );
  });

  it('answers not_found to a review outcome for a withdrawal never held', () => {
    const { state } = run([open()]);
    expect(codeOf(() => decide(release, state))).toBe('not_found');
    expect(codeOf(() => decide(reject, state))).toBe('not_found');
  });

  it('shows the public resource and the status event of a state', () => {
    const { state } = run([open(), broadcast()]);
    expect(publicWithdrawal(state)).toEqual({
      withdrawal_id: 'wdr-1',
      chain: 'tron',
      asset: 'USDT',
      amount: '25.000000',
      fee: '1.000000',
      to_address: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
      tx_id: 'tx-1',
      status: 'processing',
      travel_rule_status: 'not_required',
      review_id: null,
      idempotency_key: 'key-1',
      created_at: AT,
      updated_at: LATER,
    });
    expect(statusChangedData(state)).toEqual({
      withdrawal_id: 'wdr-1',
      account_id: 'acc-1',
      chain: 'tron',
      asset: 'USDT',
      tx_id: 'tx-1',
      status: 'processing',
      amount: '25.000000',
      fee: '1.000000',
      idempotency_key: 'key-1',
    });
  });
});
