import { decideAccountBlock, MAX_BLOCK_REASON_CHARS, type AccountBlock } from './account-block';

const now = new Date('2030-01-02T03:04:05.000Z');
const earlier = new Date('2030-01-01T00:00:00.000Z');
const active: AccountBlock = { status: 'active', blocked_reason: null, blocked_at: null };
const blocked: AccountBlock = { status: 'blocked', blocked_reason: 'fraud', blocked_at: earlier };
const pending: AccountBlock = {
  status: 'pending_verification',
  blocked_reason: null,
  blocked_at: null,
};

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('decideAccountBlock', () => {
  it('blocks an active account with the trimmed reason and the time', () => {
    expect(decideAccountBlock(active, { kind: 'block', reason: '  chargebacks ', now })).toEqual({
      status: 'blocked',
      blocked_reason: 'chargebacks',
      blocked_at: now,
    });
  });

  it('keeps no reason when none or only spaces are given', () => {
    expect(decideAccountBlock(active, { kind: 'block', reason: undefined, now })).toEqual({
      status: 'blocked',
      blocked_reason: null,
      blocked_at: now,
    });
    expect(decideAccountBlock(active, { kind: 'block', reason: '   ', now }).blocked_reason).toBe(
      null,
    );
  });

  it('answers the block in force when the account is already blocked', () => {
    expect(decideAccountBlock(blocked, { kind: 'block', reason: 'other', now })).toEqual(blocked);
  });

  it('unblocks a blocked account, clearing the reason and the time', () => {
    expect(decideAccountBlock(blocked, { kind: 'unblock' })).toEqual(active);
  });

  it('answers an active account unchanged when unblocked', () => {
    expect(decideAccountBlock(active, { kind: 'unblock' })).toEqual(active);
  });

  it('refuses an account still pending registration, either way', () => {
    expect(codeOf(() => decideAccountBlock(pending, { kind: 'block', reason: 'x', now }))).toBe(
      'account_not_confirmed',
    );
    expect(codeOf(() => decideAccountBlock(pending, { kind: 'unblock' }))).toBe(
      'account_not_confirmed',
    );
  });

  it('refuses a reason over the limit, even on an account already blocked', () => {
    const reason = 'x'.repeat(MAX_BLOCK_REASON_CHARS + 1);
    expect(codeOf(() => decideAccountBlock(active, { kind: 'block', reason, now }))).toBe(
      'invalid_request',
    );
    expect(codeOf(() => decideAccountBlock(blocked, { kind: 'block', reason, now }))).toBe(
      'invalid_request',
    );
    expect(
      decideAccountBlock(active, { kind: 'block', reason: 'y'.repeat(MAX_BLOCK_REASON_CHARS), now })
        .blocked_reason,
    ).toHaveLength(MAX_BLOCK_REASON_CHARS);
  });
});
