/**
 * How a chain observation reads for a segregated wallet: which way it moved, and its status. A
 * transfer is `pending` once seen, then `confirmed` or `failed`, and never goes back: an
 * observation replayed or reported late does not undo a final status.
 */
export type TransferDirection = 'in' | 'out';
export type WalletTransferStatus = 'pending' | 'confirmed' | 'failed';

/** The chain port's observation statuses. */
export type ObservedStatus = 'seen' | 'confirmed' | 'failed';

export function transferStatusOf(observed: ObservedStatus): WalletTransferStatus {
  switch (observed) {
    case 'seen':
      return 'pending';
    case 'confirmed':
      return 'confirmed';
    case 'failed':
      return 'failed';
    default: {
      const unhandled: never = observed;
      throw new Error(`unknown observation status ${String(unhandled)}`);
    }
  }
}

/** The status to keep when `next` is observed after `current`: a final one stays. */
export function nextTransferStatus(
  current: WalletTransferStatus,
  next: WalletTransferStatus,
): WalletTransferStatus {
  return current === 'pending' ? next : current;
}
