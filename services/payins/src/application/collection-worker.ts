import type { PoolClient } from 'pg';
import { Money, type Asset, type MoneyUnit } from '@platform/money';
import { settleAt } from '../domain/business-days';
import { priceLocalPayin, rateOf, type PayinCredit } from '../domain/conversion';
import {
  creditedEvent,
  expiredEvent,
  SANDBOX_COLLECTION_FAILURE,
  settlementScheduledEvent,
  type Payin,
  type PayinFailure,
} from '../domain/payin';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { cardInstrument } from '../domain/stored-card';
import type { StoredCardsRepository } from '../infrastructure/stored-cards.repository';
import type { LedgerPort } from './ports';

/**
 * The payin lifecycle of spec §3 after create: the rail's report (paid or failed), expiry,
 * delayed card settlement. Each transition locks its row, moves money in the ledger (idempotent
 * by the payin id), stores the new state and appends its event in one transaction, so a crash
 * at any point is repaired by running the same transition again.
 */
export class CollectionWorker {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly ledger: LedgerPort,
    private readonly cards: StoredCardsRepository | null = null,
  ) {}

  /** The rail's report for a pending payin whose step is due. */
  async step(payin_id: string): Promise<void> {
    await this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, payin_id, true);
      const now = new Date();
      if (!payin || payin.status !== 'pending' || !payin.next_step_at || payin.next_step_at > now)
        return;
      switch (payin.outcome) {
        case 'pay':
          await this.receive(client, payin, now);
          return;
        case 'fail':
          await this.fail(client, payin);
          return;
        case 'never_paid':
        case 'manual':
          await this.payins.update(client, payin.payin_id, { next_step_at: null });
          return;
        default: {
          const unhandled: never = payin.outcome;
          throw new Error(`unknown outcome ${String(unhandled)}`);
        }
      }
    });
  }

  /** A pending collection past its expiry: expired, no funds move. */
  async expire(payin_id: string): Promise<void> {
    await this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, payin_id, true);
      if (!payin || payin.status !== 'pending' || payin.expires_at > new Date()) return;
      await this.expireLocked(client, payin);
    });
  }

  /** Credits a card payin whose delayed settlement is due (or released early). */
  async settle(payin_id: string): Promise<Payin | null> {
    return this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, payin_id);
      if (!payin?.settlement_pending) return payin;
      await this.creditLedger(payin, requiredAsset(payin), payin.credited_amount ?? '0');
      const now = new Date();
      const settled = await this.payins.update(client, payin.payin_id, {
        settlement_pending: false,
        settled_at: now,
        credited_at: now,
      });
      await this.payins.appendEvent(
        client,
        settled,
        'payins.payin_credited',
        creditedEvent(settled),
      );
      return settled;
    });
  }

  /** Operators confirmed a manual collection was paid: credited as if the rail had said so. */
  async receiveConfirmed(client: PoolClient, payin: Payin): Promise<void> {
    await this.receive(client, payin, new Date());
  }

  /** Operators cancelled a manual collection: it fails with `failure` and `payin_expired`. */
  async failConfirmed(client: PoolClient, payin: Payin, failure: PayinFailure): Promise<void> {
    const failed = await this.payins.update(client, payin.payin_id, {
      status: 'failed',
      next_step_at: null,
      failure,
    });
    if (failed.kind === 'payin')
      await this.payins.appendEvent(client, failed, 'payins.payin_expired', expiredEvent(failed));
  }

  private async receive(client: PoolClient, payin: Payin, now: Date): Promise<void> {
    if (payin.kind === 'checkout_attempt') return this.receiveForCheckout(client, payin, now);
    const credit = await this.price(payin);
    if (credit.credited.isZero()) return this.tooSmall(client, payin);
    const priced = {
      status: 'credited' as const,
      next_step_at: null,
      credit_asset: credit.credit_asset,
      fx_rate: credit.fx_rate,
      credited_amount: credit.credited.toString(),
      fee: credit.fee.toString(),
      ...(await this.saveCard(client, payin, now)),
    };
    if (payin.method === 'card' && payin.settlement_hours > 0) {
      const scheduled = await this.payins.update(client, payin.payin_id, {
        ...priced,
        settlement_pending: true,
        settle_at: settleAt(now, payin.settlement_hours),
      });
      await this.payins.appendEvent(
        client,
        scheduled,
        'payins.payin_settlement_scheduled',
        settlementScheduledEvent(scheduled),
      );
      return;
    }
    await this.creditLedger(payin, credit.credit_asset, credit.credited.toString());
    const credited = await this.payins.update(client, payin.payin_id, {
      ...priced,
      credited_at: now,
    });
    await this.payins.appendEvent(
      client,
      credited,
      'payins.payin_credited',
      creditedEvent(credited),
    );
  }

  /**
   * A payer's method on a checkout link was paid. The first completed method wins: the link is
   * credited in its settlement asset; a payment to a link already paid or expired is kept as
   * `unassigned` with its `match_reason` for an operator to return.
   */
  private async receiveForCheckout(client: PoolClient, attempt: Payin, now: Date): Promise<void> {
    const link = await this.payins.lock(client, attempt.checkout_payin_id ?? '');
    if (!link) throw new Error(`checkout attempt ${attempt.payin_id} has no link`);
    if (link.status === 'pending' && link.expires_at <= now) await this.expireLocked(client, link);
    if (link.status !== 'pending' || link.expires_at <= now) {
      await this.payins.update(client, attempt.payin_id, {
        status: 'unassigned',
        next_step_at: null,
        match_reason:
          link.status === 'credited' ? 'checkout_already_paid' : 'checkout_link_expired',
      });
      return;
    }
    const asset = requiredSettlementAsset(link);
    const charged = Money.parseStored(asset, link.local_amount);
    await this.creditLedger(link, asset, charged.toString());
    const local = Money.parseStored(attempt.currency as MoneyUnit, attempt.local_amount);
    const credited = await this.payins.update(client, link.payin_id, {
      status: 'credited',
      paid_attempt_id: attempt.payin_id,
      credit_asset: asset,
      fx_rate: rateOf(local, charged, await this.ledger.rates()),
      credited_amount: charged.toString(),
      fee: Money.zero(asset).toString(),
      credited_at: now,
    });
    await this.payins.update(client, attempt.payin_id, { status: 'credited', next_step_at: null });
    await this.payins.appendEvent(
      client,
      credited,
      'payins.payin_credited',
      creditedEvent(credited, {
        currency: attempt.currency,
        local_amount: attempt.local_amount,
        country: attempt.country,
      }),
    );
  }

  /** A paid card payin with `save_card: true` stores its card (spec §4 stored cards). */
  private async saveCard(
    client: PoolClient,
    payin: Payin,
    now: Date,
  ): Promise<Pick<Payin, 'instrument_id' | 'instrument'> | Record<string, never>> {
    if (!this.cards || payin.method !== 'card' || !payin.save_card || payin.instrument_id)
      return {};
    const card = await this.cards.saveFrom(client, payin, now);
    return { instrument_id: card.instrument_id, instrument: cardInstrument(card) };
  }

  private async fail(client: PoolClient, payin: Payin): Promise<void> {
    const failed = await this.payins.update(client, payin.payin_id, {
      status: 'failed',
      next_step_at: null,
      failure: SANDBOX_COLLECTION_FAILURE,
    });
    if (failed.kind === 'payin')
      await this.payins.appendEvent(client, failed, 'payins.payin_expired', expiredEvent(failed));
  }

  /** A collection worth less than the smallest unit of the credit asset cannot be credited. */
  private async tooSmall(client: PoolClient, payin: Payin): Promise<void> {
    const failed = await this.payins.update(client, payin.payin_id, {
      status: 'failed',
      next_step_at: null,
      failure: {
        origin: 'core',
        code: 'amount_too_small',
        message: 'the amount is worth less than the smallest unit of the credit asset',
      },
    });
    await this.payins.appendEvent(client, failed, 'payins.payin_expired', expiredEvent(failed));
  }

  private async expireLocked(client: PoolClient, payin: Payin): Promise<void> {
    const expired = await this.payins.update(client, payin.payin_id, {
      status: 'expired',
      next_step_at: null,
    });
    Object.assign(payin, expired);
    if (expired.kind === 'payin')
      await this.payins.appendEvent(client, expired, 'payins.payin_expired', expiredEvent(expired));
  }

  private async price(payin: Payin): Promise<PayinCredit> {
    const amount = Money.parseStored(payin.currency as MoneyUnit, payin.local_amount);
    const credit_asset = payin.fiat_hold_local
      ? (payin.currency as Asset)
      : await this.ledger.payinAsset(payin.account_id);
    return priceLocalPayin(amount, credit_asset, await this.ledger.rates(), payin.fiat_hold_local);
  }

  private creditLedger(payin: Payin, asset: Asset, amount: string): Promise<void> {
    return this.ledger.credit({
      account_id: payin.account_id,
      operation_id: `payin:${payin.payin_id}`,
      asset,
      amount,
      kind: 'payin',
      reference_id: payin.payin_id,
    });
  }
}

function requiredAsset(payin: Payin): Asset {
  if (!payin.credit_asset) throw new Error(`payin ${payin.payin_id} has no credit asset`);
  return payin.credit_asset as Asset;
}

function requiredSettlementAsset(payin: Payin): Asset {
  if (!payin.settlement_asset) throw new Error(`checkout ${payin.payin_id} has no asset`);
  return payin.settlement_asset as Asset;
}
