import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  type CardTransactionResource,
  type SandboxCardTransactionCommand,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { Money, isAsset, type Asset } from '@platform/money';
import { withTransaction } from '@platform/persistence';
import { decideFollowUp, declineReasonOf, parseTransactionKind } from '../domain/card-transaction';
import { appendCardEvent } from '../infrastructure/card-events';
import {
  transactionResource,
  type CardTransactionRow,
  type CardTransactionsRepository,
} from '../infrastructure/card-transactions.repository';
import type { CardsRepository, IssuedCardRow } from '../infrastructure/cards.repository';
import type { AccountPorts, CardLedger } from './account-ports';

const EVENT_OF = {
  authorized: 'cards.card_transaction_authorized',
  declined: 'cards.card_transaction_declined',
  reversed: 'cards.card_transaction_reversed',
  adjusted: 'cards.card_transaction_adjusted',
} as const;

/**
 * Sandbox card spending on the account's settlement balance. An authorization holds the amount
 * (declined, with its event, when the card cannot spend or the balance is short); a reversal
 * releases the hold; an adjustment settles it at a final amount: a larger one debits the
 * difference first (`insufficient_funds` changes nothing), then the hold is posted and a smaller
 * one gives the difference back. Every ledger step is named by the transaction, so a retry never
 * moves money twice.
 */
export class CardTransactions {
  constructor(
    private readonly pool: Pool,
    private readonly cards: CardsRepository,
    private readonly transactions: CardTransactionsRepository,
    private readonly ledger: CardLedger,
    private readonly accounts: AccountPorts,
    private readonly events: PgEventStore,
  ) {}

  async simulate(command: SandboxCardTransactionCommand): Promise<CardTransactionResource> {
    const card = await this.cards.get(command.account_id, command.card_id);
    if (!card) throw new DomainError('not_found', 'no such card');
    const kind = parseTransactionKind(command.kind);
    if (kind === 'authorization') return this.authorize(card, command);
    const transaction_id = command.transaction_id?.trim() ?? '';
    if (transaction_id === '')
      throw new DomainError('invalid_request', `a ${kind} names its authorization: transaction_id`);
    const authorization = await this.transactions.get(card.card_id, transaction_id);
    if (!authorization) throw new DomainError('not_found', 'no such card transaction');
    const asset = assetOf(authorization.asset);
    // A reversal ends the whole authorization: its amount, if sent, is not read.
    const amount = kind === 'adjustment' ? Money.parseInput(asset, command.amount) : null;
    const follow_up = decideFollowUp(kind, {
      status: authorization.status,
      amount_matches: amount === null || Money.parseStored(asset, authorization.amount).eq(amount),
    });
    if (follow_up.type === 'replay') return transactionResource(authorization);
    return amount === null
      ? this.reverse(card, authorization)
      : this.adjust(card, authorization, amount);
  }

  async list(account_id: string, card_id: string, limit: number, offset: number) {
    const card = await this.cards.get(account_id, card_id);
    if (!card) throw new DomainError('not_found', 'no such card');
    const rows = await this.transactions.list(card.card_id, limit, offset);
    return { transactions: rows.map(transactionResource) };
  }

  private async authorize(
    card: IssuedCardRow,
    command: SandboxCardTransactionCommand,
  ): Promise<CardTransactionResource> {
    const merchant = command.merchant?.trim() ?? '';
    if (merchant === '') throw new DomainError('invalid_request', 'merchant is required');
    const asset = assetOf(await this.accounts.settlementAsset(card.account_id));
    const amount = Money.parseInput(asset, command.amount).toString();
    const transaction_id = command.transaction_id?.trim() || randomUUID();
    const earlier = await this.transactions.get(card.card_id, transaction_id);
    if (earlier) return this.replayAuthorization(earlier, amount, merchant);
    const hold_id = `card:${card.card_id}:${transaction_id}`;
    let decline_reason = declineReasonOf(card.status);
    if (decline_reason === null) {
      decline_reason = await this.ledger
        .placeHold({
          account_id: card.account_id,
          operation_id: `${hold_id}:authorize`,
          hold_id,
          asset,
          amount,
          reference_id: card.card_id,
        })
        .then(
          () => null,
          (error: unknown) => {
            if (error instanceof DomainError && error.code === 'insufficient_funds')
              return 'insufficient_funds' as const;
            throw error;
          },
        );
    }
    const row: CardTransactionRow = {
      card_id: card.card_id,
      transaction_id,
      account_id: card.account_id,
      status: decline_reason === null ? 'authorized' : 'declined',
      amount,
      authorized_amount: amount,
      asset,
      merchant,
      decline_reason,
      hold_id: decline_reason === null ? hold_id : null,
      created_at: new Date(),
      updated_at: new Date(),
    };
    const stored = await withTransaction(this.pool, async (client) => {
      const inserted = await this.transactions.insert(client, row);
      if (inserted) await this.emit(client, card, inserted);
      return inserted;
    });
    if (stored) return transactionResource(stored);
    const raced = await this.transactions.get(card.card_id, transaction_id);
    if (!raced) throw new Error('a card transaction conflicted on its id and vanished');
    return this.replayAuthorization(raced, amount, merchant);
  }

  private replayAuthorization(row: CardTransactionRow, amount: string, merchant: string) {
    const same =
      Money.parseStored(assetOf(row.asset), row.authorized_amount).eq(
        Money.parseStored(assetOf(row.asset), amount),
      ) && row.merchant === merchant;
    if (!same)
      throw new DomainError(
        'idempotency_conflict',
        'this transaction_id was used for another authorization',
      );
    return transactionResource(row);
  }

  private async reverse(card: IssuedCardRow, authorization: CardTransactionRow) {
    const hold_id = requireHold(authorization);
    await this.ledger.releaseHold({
      account_id: card.account_id,
      operation_id: `${hold_id}:reverse`,
      hold_id,
    });
    return this.end(card, authorization, 'reversed', authorization.amount);
  }

  private async adjust(card: IssuedCardRow, authorization: CardTransactionRow, amount: Money) {
    const hold_id = requireHold(authorization);
    const asset = assetOf(authorization.asset);
    const authorized = Money.parseStored(asset, authorization.authorized_amount);
    const move = {
      account_id: card.account_id,
      asset: authorization.asset,
      reference_id: card.card_id,
    };
    if (amount.gt(authorized))
      await this.ledger.debit({
        ...move,
        operation_id: `${hold_id}:adjust-extra`,
        amount: amount.subtract(authorized).toString(),
      });
    await this.ledger.postHold({
      account_id: card.account_id,
      operation_id: `${hold_id}:adjust`,
      hold_id,
    });
    if (amount.lt(authorized))
      await this.ledger.credit({
        ...move,
        operation_id: `${hold_id}:adjust-return`,
        amount: authorized.subtract(amount).toString(),
      });
    return this.end(card, authorization, 'adjusted', amount.toString());
  }

  private async end(
    card: IssuedCardRow,
    authorization: CardTransactionRow,
    status: 'reversed' | 'adjusted',
    amount: string,
  ): Promise<CardTransactionResource> {
    const ended = await withTransaction(this.pool, async (client) => {
      const row = await this.transactions.end(client, authorization, status, amount);
      if (row) await this.emit(client, card, row);
      return row;
    });
    const answer =
      ended ?? (await this.transactions.get(card.card_id, authorization.transaction_id));
    if (!answer) throw new Error('a card transaction vanished while it ended');
    return transactionResource(answer);
  }

  private async emit(
    client: Parameters<Parameters<typeof withTransaction>[1]>[0],
    card: IssuedCardRow,
    row: CardTransactionRow,
  ): Promise<void> {
    await appendCardEvent(this.events, client, card, EVENT_OF[row.status], {
      transaction_id: row.transaction_id,
      card_id: row.card_id,
      account_id: row.account_id,
      status: row.status,
      amount_usdt: row.amount,
      asset: row.asset,
      merchant: row.merchant,
      decline_reason: row.decline_reason,
      occurred_at: row.updated_at.toISOString(),
    });
  }
}

function assetOf(code: string): Asset {
  if (!isAsset(code)) throw new Error(`not an asset: ${code}`);
  return code;
}

function requireHold(row: CardTransactionRow): string {
  if (!row.hold_id) throw new Error(`authorized transaction ${row.transaction_id} has no hold`);
  return row.hold_id;
}
