import type { PoolClient } from 'pg';
import { DomainError, type CreatedPayin } from '@platform/contracts';
import { markReplayed } from '@platform/messaging';
import type { Payin } from '../domain/payin';
import { requireSameRequest, type PayinFingerprint } from '../domain/payin-fingerprint';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { payinView } from './payin-view';

/**
 * D7 for payins: the first request with a key creates the payin; the same key with an equivalent
 * request answers it (`idempotency_hit: true`), another request is `idempotency_conflict`.
 */
export async function replayOf(
  payins: PayinsRepository,
  account_id: string,
  idempotency_key: string | null,
  fingerprint: PayinFingerprint,
): Promise<CreatedPayin | null> {
  if (!idempotency_key) return null;
  const original = await payins.findByIdempotencyKey(account_id, idempotency_key);
  if (!original) return null;
  requireSameRequest(original, fingerprint);
  markReplayed();
  return { ...payinView(original), idempotency_hit: true };
}

/**
 * Stores a new payin (after `within`, in the same transaction). Concurrent requests with one
 * key create one payin: the ones that lose the insert answer with the winner's.
 */
export async function insertOnce(
  payins: PayinsRepository,
  payin: Payin,
  fingerprint: PayinFingerprint,
  within?: (client: PoolClient) => Promise<void>,
): Promise<CreatedPayin> {
  // Alone, the insert is its own transaction: two round trips fewer than begin and commit, and
  // under load one statement with the inserts beside it.
  const inserted =
    within === undefined
      ? await payins.insertCommitted(payin)
      : await payins.transaction(async (client) => {
          await within(client);
          return payins.insert(client, payin);
        });
  if (inserted) return { ...payinView(inserted), idempotency_hit: false };
  const winner = await replayOf(payins, payin.account_id, payin.idempotency_key, fingerprint);
  if (!winner) throw new DomainError('service_unavailable', 'the payin could not be stored');
  return winner;
}
