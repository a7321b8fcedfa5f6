import {
  DomainError,
  IdempotencyKey,
  type PayoutRequest,
  type SeedDemoPayoutCommand,
  type SeedDemoPayoutReply,
} from '@platform/contracts';
import { stableUuid } from '@platform/persistence';
import { publicPayout, type PayoutRecord } from '../domain/payout-record';
import { draftPayout, requestFingerprint } from '../domain/payout-request';
import { openPayout } from '../domain/payout-state';
import { pricePayout } from '../domain/pricing';
import type { OtherServices } from '../infrastructure/other-services';
import type { PayoutsRepository } from '../infrastructure/payouts.repository';
import { PayoutChange, type PayoutTransitions } from './payout-transitions';

/** A demo payout was created this long before its debit. */
const CREATED_BEFORE_DEBIT_MS = 5 * 60_000;

/** Where the demo payouts went: a Deuna wallet in Ecuador (USD), by phone. */
const DEMO_BENEFICIARY = { name: 'Lucía Andrade', phone: '+593991234567' };

/**
 * The completed payouts of a new test account's demo history, made like a client's payout (same
 * record, same states) and debited and completed through the payouts service's own path: the
 * ledger hold, the sandbox rail, the hold posted. The hold is dated when the payout happened.
 * The fixed demo beneficiary is not screened (no client chose it), no fee is charged, and no
 * status event is published (history, not new activity: no webhook, no event stream entry).
 * Once per account and index (a platform idempotency key and a payout id derived from them);
 * the sandbox only.
 */
export class DemoPayouts {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly services: OtherServices,
    private readonly transitions: PayoutTransitions,
    private readonly sandbox: boolean,
  ) {}

  async seed(command: SeedDemoPayoutCommand): Promise<SeedDemoPayoutReply> {
    if (!this.sandbox)
      throw new DomainError('forbidden', 'demo history exists only in the sandbox');
    const payout_id = stableUuid('demo-payout', command.account_id, String(command.index));
    const existing = await this.payouts.find(payout_id);
    if (existing) return { payout_id: existing.payout_id };
    const idempotency_key = IdempotencyKey.platform(`demo-history:payout:${command.index}`);
    const request = demoRequest(command);
    const { claimed } = await this.payouts.claim({
      payout_id,
      account_id: command.account_id,
      org_id: command.org_id,
      idempotency_key,
      request_fingerprint: requestFingerprint('payout', request),
    });
    if (!claimed)
      throw new DomainError('recovery_pending', 'the demo payout is still being made; retry');
    try {
      const record = await this.complete(payout_id, idempotency_key, command, request);
      await this.payouts.finishCreate(record, publicPayout(record), null, null, {
        announce: false,
      });
      return { payout_id: record.payout_id };
    } catch (error) {
      // The ledger operations are keyed by the payout id: a retry moves nothing twice.
      await this.payouts.abandonClaim(payout_id);
      throw error;
    }
  }

  private async complete(
    payout_id: string,
    idempotency_key: string,
    command: SeedDemoPayoutCommand,
    request: PayoutRequest,
  ): Promise<PayoutRecord> {
    const debited_at = new Date(command.occurred_at);
    const draft = draftPayout(request);
    const change = new PayoutChange(
      openPayout({
        payout_id,
        account_id: command.account_id,
        org_id: command.org_id,
        idempotency_key,
        source: 'api',
        draft,
        price: pricePayout(draft.local_amount, command.asset, await this.services.rates()),
        now: new Date(debited_at.getTime() - CREATED_BEFORE_DEBIT_MS).toISOString(),
      }),
    );
    await this.transitions.apply(change, {
      type: 'record_screening',
      data: { decision: 'process', review_id: null },
    });
    await this.transitions.debit(change, debited_at);
    await this.transitions.dispatch(change);
    await this.transitions.pollRail(change);
    if (change.payout.status !== 'completed')
      throw new Error(`demo payout ${payout_id} ended ${change.payout.status_code}`);
    return change.payout;
  }
}

function demoRequest(command: SeedDemoPayoutCommand): PayoutRequest {
  return {
    country: 'EC',
    currency: 'USD',
    method: 'deuna',
    amount: command.amount,
    beneficiary: DEMO_BENEFICIARY,
    settlement_asset: command.asset,
  };
}
