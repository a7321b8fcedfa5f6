import {
  DomainError,
  IdempotencyKey,
  type SeedDemoPayinCommand,
  type SeedDemoPayinReply,
} from '@platform/contracts';
import { stableUuid } from '@platform/persistence';
import { readPayinRequest } from '../domain/create-request';
import type { Payin } from '../domain/payin';
import { newPayin, type RailPlanner } from '../domain/payin-factory';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import type { CollectionWorker } from './collection-worker';
import { drawPayin } from './payin-draw';

/** A demo payin was created this long before its payer's bank transfer arrived. */
const CREATED_BEFORE_PAID_MS = 20 * 60_000;

/** The demo payins are paid at once: the rail is never asked, no step is scheduled. */
const PAID_AT_ONCE: RailPlanner = { plan: () => 'pay', step_ms: null };

/**
 * The credited payins of a new test account's demo history: US bank transfers in USD, made like
 * a client's payin (same record, same rules) and credited through the collection worker's own
 * path, dated when they happened. Once per account and index (a platform idempotency key and a
 * payin id derived from them); the sandbox only.
 */
export class DemoPayins {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly worker: CollectionWorker,
    private readonly sandbox: boolean,
  ) {}

  async seed(command: SeedDemoPayinCommand): Promise<SeedDemoPayinReply> {
    if (!this.sandbox)
      throw new DomainError('forbidden', 'demo history exists only in the sandbox');
    const key = IdempotencyKey.platform(`demo-history:payin:${command.index}`);
    const existing = await this.payins.findByIdempotencyKey(command.account_id, key);
    if (existing?.status === 'credited') return { payin_id: existing.payin_id };
    const paid_at = new Date(command.occurred_at);
    const payin = existing ?? demoPayin(command, key, paid_at);
    const credited = await this.worker.receiveDemo(payin, command.asset, paid_at);
    return { payin_id: credited.payin_id };
  }
}

function demoPayin(command: SeedDemoPayinCommand, key: string, paid_at: Date): Payin {
  const created_at = new Date(paid_at.getTime() - CREATED_BEFORE_PAID_MS);
  const body = {
    method: 'bank_transfer',
    country: 'US',
    currency: 'USD',
    amount: command.amount,
    idempotency_key: key,
  };
  const request = readPayinRequest(body, created_at, IdempotencyKey.platform);
  if (request.method === 'checkout') throw new Error('a demo payin is a bank transfer');
  return newPayin(
    {
      type: 'corridor',
      owner: { account_id: command.account_id, org_id: command.org_id },
      request,
      stored_card: null,
      qr_expiry_ms: null,
      base_url: '',
    },
    {
      ...drawPayin(created_at),
      payin_id: stableUuid('demo-payin', command.account_id, String(command.index)),
    },
    PAID_AT_ONCE,
  );
}
