import { DomainError } from '@platform/contracts';
import {
  decideSubscription,
  evolveSubscription,
  isDue,
  type Subscription,
  type SubscriptionCommand,
} from './subscription';

const anchor = new Date('2026-01-31T12:00:00.000Z');
const active: Subscription = {
  subscription_id: 'sub-1',
  account_id: 'acc-1',
  org_id: 'org-1',
  stored_card_id: 'card-1',
  amount: '9.90',
  currency: 'USD',
  country: 'US',
  interval: 'monthly',
  timezone: 'UTC',
  anchor_at: anchor,
  status: 'active',
  next_period_index: 0,
  next_charge_at: anchor,
  last_charge_status: null,
  last_charge_at: null,
  idempotency_key: null,
  created_at: anchor,
  canceled_at: null,
};

function apply(state: Subscription, command: SubscriptionCommand): Subscription {
  return decideSubscription(command, state).reduce(evolveSubscription, state);
}

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('subscription decider', () => {
  const later = new Date('2026-04-15T00:00:00.000Z');

  it('pauses, resumes and cancels; repeating the current state changes nothing', () => {
    const paused = apply(active, { type: 'pause' });
    expect(paused.status).toBe('paused');
    expect(decideSubscription({ type: 'pause' }, paused)).toEqual([]);
    expect(decideSubscription({ type: 'resume', at: later }, active)).toEqual([]);
    const canceled = apply(paused, { type: 'cancel', at: later });
    expect(canceled).toMatchObject({
      status: 'canceled',
      next_charge_at: null,
      canceled_at: later,
    });
    expect(decideSubscription({ type: 'cancel', at: later }, canceled)).toEqual([]);
  });

  it('refuses to pause or resume a canceled subscription: subscription_state', () => {
    const canceled = apply(active, { type: 'cancel', at: later });
    expect(codeOf(() => decideSubscription({ type: 'pause' }, canceled))).toBe(
      'subscription_state',
    );
    expect(codeOf(() => decideSubscription({ type: 'resume', at: later }, canceled))).toBe(
      'subscription_state',
    );
  });

  it('resumes at the first period due after now, skipping those missed while paused', () => {
    const resumed = apply(apply(active, { type: 'pause' }), { type: 'resume', at: later });
    expect(resumed.status).toBe('active');
    // Jan 31, Feb 28, Mar 31 passed; Apr 30 is next.
    expect(resumed.next_period_index).toBe(3);
    expect(resumed.next_charge_at?.toISOString()).toBe('2026-04-30T12:00:00.000Z');
  });

  it('records the due period once and moves to the next; a stale record changes nothing', () => {
    const record: SubscriptionCommand = {
      type: 'record_charge',
      period_index: 0,
      at: anchor,
      outcome: { status: 'succeeded', payin_id: 'payin-1' },
    };
    const charged = apply(active, record);
    expect(charged).toMatchObject({
      next_period_index: 1,
      last_charge_status: 'succeeded',
      last_charge_at: anchor,
    });
    expect(charged.next_charge_at?.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(decideSubscription(record, charged)).toEqual([]);
  });

  it('a failed charge (revoked card) stays active with last_charge_status failed', () => {
    const failed = apply(active, {
      type: 'record_charge',
      period_index: 0,
      at: anchor,
      outcome: { status: 'failed', reason: 'stored_card_revoked' },
    });
    expect(failed).toMatchObject({
      status: 'active',
      last_charge_status: 'failed',
      next_period_index: 1,
    });
  });

  it('is due only while active and once its time has come', () => {
    expect(isDue(active, anchor)).toBe(true);
    expect(isDue(active, new Date(anchor.getTime() - 1))).toBe(false);
    expect(isDue(apply(active, { type: 'pause' }), later)).toBe(false);
  });
});
