import {
  DomainError,
  type CardDeclineReason,
  type CardStatus,
  type CardTransactionKind,
  type CardTransactionStatus,
} from '@platform/contracts';

export function parseTransactionKind(kind: string): CardTransactionKind {
  if (kind === 'authorization' || kind === 'reversal' || kind === 'adjustment') return kind;
  throw new DomainError('invalid_request', 'kind is authorization, reversal or adjustment');
}

/** Why a card in this state declines a new purchase; null when it may spend. */
export function declineReasonOf(status: CardStatus): CardDeclineReason | null {
  switch (status) {
    case 'active':
      return null;
    case 'frozen':
      return 'card_frozen';
    case 'cancelled':
      return 'card_cancelled';
    case 'pending_activation':
      return 'card_not_active';
    default: {
      const unhandled: never = status;
      throw new Error(`unknown card status ${String(unhandled)}`);
    }
  }
}

/** What a reversal or an adjustment does to the authorization it names. */
export type FollowUp = { type: 'replay' } | { type: 'apply' };

/**
 * A reversal or an adjustment ends an `authorized` transaction. Repeating the one that ended it
 * (the same kind, and for an adjustment the same final amount) answers it again; anything else
 * on an ended transaction is `invalid_request`.
 */
export function decideFollowUp(
  kind: Exclude<CardTransactionKind, 'authorization'>,
  transaction: { status: CardTransactionStatus; amount_matches: boolean },
): FollowUp {
  const ending: CardTransactionStatus = kind === 'reversal' ? 'reversed' : 'adjusted';
  if (transaction.status === 'authorized') return { type: 'apply' };
  if (transaction.status === ending) {
    if (kind === 'reversal' || transaction.amount_matches) return { type: 'replay' };
    throw new DomainError(
      'idempotency_conflict',
      'the transaction was already adjusted to another amount',
    );
  }
  throw new DomainError(
    'invalid_request',
    `a ${transaction.status} transaction cannot take a ${kind}`,
  );
}
