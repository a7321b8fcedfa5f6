import { DomainError, type AccountStatus } from '@platform/contracts';

/** The operator's note on a block: a sentence or two, never a file. */
export const MAX_BLOCK_REASON_CHARS = 500;

/** An account's standing as the operator's block sees it. */
export interface AccountBlock {
  status: AccountStatus;
  blocked_reason: string | null;
  blocked_at: Date | null;
}

export type AccountBlockChange =
  { kind: 'block'; reason: string | undefined; now: Date } | { kind: 'unblock' };

/** Trimmed; empty is no reason; over the limit is `invalid_request`. */
function parseReason(value: string | undefined): string | null {
  const reason = value?.trim() ?? '';
  if (reason.length > MAX_BLOCK_REASON_CHARS)
    throw new DomainError(
      'invalid_request',
      `reason must have at most ${MAX_BLOCK_REASON_CHARS} characters`,
    );
  return reason.length === 0 ? null : reason;
}

/**
 * The operator blocks or unblocks a confirmed account. Both are idempotent: blocking a blocked
 * account answers the block in force (its first reason and time), unblocking an active one
 * answers it unchanged. An account still pending registration is `account_not_confirmed`.
 */
export function decideAccountBlock(
  current: AccountBlock,
  change: AccountBlockChange,
): AccountBlock {
  switch (current.status) {
    case 'pending_verification':
      throw new DomainError('account_not_confirmed', 'the account has not completed registration');
    case 'active':
    case 'blocked':
      break;
    default: {
      const unhandled: never = current.status;
      throw new Error(`unknown account status ${String(unhandled)}`);
    }
  }
  switch (change.kind) {
    case 'block': {
      const blocked_reason = parseReason(change.reason);
      if (current.status === 'blocked') return current;
      return { status: 'blocked', blocked_reason, blocked_at: change.now };
    }
    case 'unblock':
      return { status: 'active', blocked_reason: null, blocked_at: null };
    default: {
      const unhandled: never = change;
      throw new Error(`unknown block change ${JSON.stringify(unhandled)}`);
    }
  }
}
