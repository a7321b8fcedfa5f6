import { DomainError, type CardFeeRunReply } from '@platform/contracts';
import type { JobHandler } from '@platform/jobs';
import { Money, isAsset } from '@platform/money';
import { describeFailure, isTransientFailure, type DeadLetters } from '@platform/persistence';
import { feeMonthOf, feeOperationId, parseFeeMonth } from '../domain/fee-month';
import type { CardFeesRepository } from '../infrastructure/card-fees.repository';
import type { CardsRepository, IssuedCardRow } from '../infrastructure/cards.repository';
import type { AccountPorts, CardLedger } from './account-ports';
import type { CardStatusChanges } from './card-status';

type FeeOutcome = 'charged' | 'unpaid' | 'already_settled';

export const FEE_DEAD_LETTER_SOURCE = 'job:cards.monthly_fees';

/**
 * The monthly card fee. Each card pays once per month: the ledger operation is named by card and
 * month, so a crash, a retry or two workers at once never charge twice. A balance that cannot
 * cover it freezes the card with reason `monthly_fee_unpaid`; unfreezing pays the unpaid months
 * first. One card that fails for another reason is set aside (dead letter) and the run goes on.
 */
export class CardFees {
  constructor(
    private readonly cards: CardsRepository,
    private readonly fees: CardFeesRepository,
    private readonly ledger: CardLedger,
    private readonly accounts: AccountPorts,
    private readonly status: CardStatusChanges,
    private readonly dead_letters: DeadLetters,
    private readonly monthly_fee: string,
  ) {}

  /** The cron task: the month of its tick (or `month` when scheduled by hand), every account. */
  readonly task: JobHandler<{ month?: string; _cron?: { ts?: string } }> = async (payload) => {
    const month =
      payload.month ?? feeMonthOf(payload._cron?.ts ? new Date(payload._cron.ts) : new Date());
    await this.runMonth(month, null);
  };

  async runMonth(month_text: string, account_id: string | null): Promise<CardFeeRunReply> {
    const month = parseFeeMonth(month_text);
    const tally: CardFeeRunReply = { month, charged: 0, unpaid: 0, already_settled: 0 };
    for (const card of await this.cards.payable(account_id)) {
      try {
        tally[await this.chargeCard(card, month)] += 1;
      } catch (error) {
        // The bus or the database is down: let the job retry the whole (idempotent) run.
        if (isTransientFailure(error)) throw error;
        await this.dead_letters.record({
          source: FEE_DEAD_LETTER_SOURCE,
          record_key: `${card.card_id}:${month}`,
          reason: describeFailure(error),
          payload: { card_id: card.card_id, account_id: card.account_id, month },
          attempts: 1,
        });
      }
    }
    return tally;
  }

  /** Pays every unpaid month of the card, oldest first; `insufficient_funds` stops at the first. */
  async settleUnpaid(card: IssuedCardRow): Promise<void> {
    for (const unpaid of await this.fees.unpaid(card.card_id)) {
      await this.ledger.chargeFee({
        account_id: card.account_id,
        org_id: card.org_id,
        operation_id: feeOperationId(card.card_id, unpaid.month),
        asset: unpaid.asset,
        amount: unpaid.amount,
        reference_id: card.card_id,
      });
      await this.fees.record({ ...unpaid, status: 'charged' });
    }
  }

  private async chargeCard(card: IssuedCardRow, month: string): Promise<FeeOutcome> {
    const earlier = await this.fees.get(card.card_id, month);
    if (earlier) return earlier.status === 'charged' ? 'already_settled' : 'unpaid';
    const asset = await this.accounts.settlementAsset(card.account_id);
    if (!isAsset(asset)) throw new Error(`the ledger answered no asset: ${asset}`);
    const fee = Money.parse(asset, this.monthly_fee);
    if (fee.isZero()) return 'already_settled';
    const row = {
      card_id: card.card_id,
      month,
      account_id: card.account_id,
      asset,
      amount: fee.toString(),
    };
    try {
      await this.ledger.chargeFee({
        account_id: card.account_id,
        org_id: card.org_id,
        operation_id: feeOperationId(card.card_id, month),
        asset,
        amount: row.amount,
        reference_id: card.card_id,
      });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'insufficient_funds')) throw error;
      await this.fees.record({ ...row, status: 'unpaid' });
      await this.freezeUnpaid(card);
      return 'unpaid';
    }
    await this.fees.record({ ...row, status: 'charged' });
    return 'charged';
  }

  private async freezeUnpaid(card: IssuedCardRow): Promise<void> {
    await this.status
      .apply(card.account_id, card.card_id, { type: 'freeze', reason: 'monthly_fee_unpaid' })
      .catch((error: unknown) => {
        // Cancelled meanwhile: nothing to freeze.
        if (!(error instanceof DomainError && error.code === 'card_cancelled')) throw error;
      });
  }
}
