import { DomainError } from '@platform/contracts';
import { decide, transition } from './deposit-decide';
import type { Deposit } from './deposit';

const pending: Deposit = {
  deposit_id: 'dep-1',
  account_id: 'acc-1',
  org_id: 'org-1',
  wallet_id: 'wal-1',
  chain: 'tron',
  asset: 'USDT',
  tx_id: 'ab'.repeat(32),
  from_address: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
  to_address: 'TRbkuCKpqPCFEnWTExeeuADA4pNF9Mqwfb',
  amount: '25.5',
  fee: '0',
  status: 'pending',
  risk: null,
  hold_id: null,
  confirmations: 1,
};
const low = { risk: 'low' as const, categories: [] };
const high = { risk: 'high' as const, categories: ['scam'] };
const severe = { risk: 'severe' as const, categories: ['sanctions'] };

describe('a crypto deposit', () => {
  it('counts confirmations while pending, never backwards', () => {
    expect(transition(pending, { type: 'observe', confirmations: 2 }).deposit.confirmations).toBe(
      2,
    );
    expect(decide(pending, { type: 'observe', confirmations: 1 })).toEqual([]);
  });

  it('is credited once confirmed from a low-risk sender, without alert', () => {
    const { deposit, events } = transition(pending, {
      type: 'confirm',
      confirmations: 2,
      risk: low,
    });
    expect(events).toEqual([
      { type: 'deposit_credited', confirmations: 2, risk: low, alert: false },
    ]);
    expect(deposit).toMatchObject({ status: 'credited', risk: low, hold_id: null });
  });

  it('is credited with an alert from a high-risk sender', () => {
    const { events } = transition(pending, { type: 'confirm', confirmations: 2, risk: high });
    expect(events).toEqual([
      { type: 'deposit_credited', confirmations: 2, risk: high, alert: true },
    ]);
  });

  it('is held from a severe sender, under a hold id of its own', () => {
    const { deposit } = transition(pending, { type: 'confirm', confirmations: 2, risk: severe });
    expect(deposit).toMatchObject({
      status: 'held',
      hold_id: 'crypto-deposit:dep-1',
      risk: severe,
    });
  });

  it('answers nothing to a repeated confirmation or a late failure', () => {
    const credited = transition(pending, { type: 'confirm', confirmations: 2, risk: low }).deposit;
    expect(decide(credited, { type: 'confirm', confirmations: 3, risk: severe })).toEqual([]);
    expect(decide(credited, { type: 'fail' })).toEqual([]);
    expect(decide(credited, { type: 'observe', confirmations: 9 })).toEqual([]);
  });

  it('fails only while pending', () => {
    expect(transition(pending, { type: 'fail' }).deposit.status).toBe('failed');
  });

  it('is released (credited) or rejected only while held; a repeat answers nothing', () => {
    const held = transition(pending, { type: 'confirm', confirmations: 2, risk: severe }).deposit;
    const released = transition(held, { type: 'release' }).deposit;
    expect(released.status).toBe('credited');
    expect(decide(released, { type: 'release' })).toEqual([]);
    expect(() => decide(released, { type: 'reject' })).toThrow(DomainError);
    const rejected = transition(held, { type: 'reject' }).deposit;
    expect(rejected.status).toBe('rejected');
    expect(decide(rejected, { type: 'reject' })).toEqual([]);
    expect(() => decide(rejected, { type: 'release' })).toThrow(DomainError);
    expect(() => decide(pending, { type: 'release' })).toThrow(DomainError);
    const plain = transition(pending, { type: 'confirm', confirmations: 2, risk: low }).deposit;
    expect(() => decide(plain, { type: 'reject' })).toThrow(DomainError);
  });
});
