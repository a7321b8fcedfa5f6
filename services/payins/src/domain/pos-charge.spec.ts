import { DomainError } from '@platform/contracts';
import { decidePos, evolvePos, readSandboxPosCharge, type PosCharge } from './pos-charge';

const received: PosCharge = {
  charge_id: 'pos-1',
  account_id: 'acc-1',
  org_id: 'org-1',
  terminal_id: 'T-1',
  currency: 'USD',
  amount: '100.00',
  status: 'received',
  refunded_amount: '0',
  created_at: new Date('2026-01-01T00:00:00.000Z'),
};

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

const refund = (requested_amount: unknown, terminal_disabled = false) =>
  ({ type: 'refund', requested_amount, terminal_disabled }) as const;

describe('POS charges', () => {
  it('reads a sandbox report: USD by default, .77 stays pending', () => {
    expect(readSandboxPosCharge({ amount: '12.5', terminal_id: 'T-1' })).toMatchObject({
      currency: 'USD',
      status: 'received',
    });
    expect(readSandboxPosCharge({ amount: '12.77', terminal_id: 'T-1' }).status).toBe('pending');
    expect(codeOf(() => readSandboxPosCharge({ amount: '1.00' }))).toBe('invalid_request');
    expect(codeOf(() => readSandboxPosCharge({ amount: '1.00', terminal_id: 'a b' }))).toBe(
      'invalid_request',
    );
    expect(codeOf(() => readSandboxPosCharge({ amount: '1.001', terminal_id: 'T' }))).toBe(
      'invalid_amount',
    );
    expect(
      codeOf(() => readSandboxPosCharge({ amount: '1', terminal_id: 'T', currency: 'EUR' })),
    ).toBe('invalid_request');
  });

  it('refunds in parts up to what was received', () => {
    const [first] = decidePos(refund('30.00'), received);
    expect(first.data.amount.toString()).toBe('30.00');
    const after = evolvePos(received, first);
    expect(after.refunded_amount).toBe('30.00');
    const [rest] = decidePos(refund(undefined), after);
    expect(rest.data.amount.toString()).toBe('70.00');
    const done = evolvePos(after, rest);
    expect(codeOf(() => decidePos(refund(undefined), done))).toBe('refund_exceeds_received');
    expect(codeOf(() => decidePos(refund('70.01'), after))).toBe('refund_exceeds_received');
    expect(codeOf(() => decidePos(refund('0'), after))).toBe('invalid_amount');
  });

  it('refuses a pending charge and a disabled terminal', () => {
    expect(codeOf(() => decidePos(refund('1.00'), { ...received, status: 'pending' }))).toBe(
      'nothing_received',
    );
    expect(codeOf(() => decidePos(refund('1.00', true), received))).toBe('merchant_disabled');
  });
});
