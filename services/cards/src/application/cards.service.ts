import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  IdempotencyKey,
  type CardRefCommand,
  type CardResource,
  type IssueCardCommand,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { markReplayed } from '@platform/messaging';
import { withTransaction } from '@platform/persistence';
import { initialCardState, MAX_OPEN_CARDS_PER_ACCOUNT } from '../domain/card';
import { fingerprintOf, readCardRequest, type CardRequest } from '../domain/card-request';
import { appendCardEvent } from '../infrastructure/card-events';
import {
  cardResource,
  isIssued,
  type CardRow,
  type CardsRepository,
  type IssuedCardRow,
} from '../infrastructure/cards.repository';
import type { AccountPorts } from './account-ports';
import type { CardIssuerPort } from './card-issuer.port';
import type { CardFees } from './card-fees';
import type { CardStatusChanges } from './card-status';

export interface CardsOptions {
  physical_available: boolean;
}

/**
 * Issuing cards and changing their state. A create claims the card (limit and idempotency key
 * checked under the account's lock), asks the issuer, then records what it answered: a create
 * cut short between the two is finished by the retry with the same key (503
 * `card_recovery_pending` until the issuer answers).
 */
export class CardsService {
  constructor(
    private readonly pool: Pool,
    private readonly cards: CardsRepository,
    private readonly issuer: CardIssuerPort,
    private readonly accounts: AccountPorts,
    private readonly status: CardStatusChanges,
    private readonly fees: CardFees,
    private readonly events: PgEventStore,
    private readonly options: CardsOptions,
  ) {}

  async issue(command: IssueCardCommand): Promise<CardResource> {
    const request = readCardRequest(command, this.options);
    const key = IdempotencyKey.parse(command.idempotency_key);
    const fingerprint = fingerprintOf(request);
    const earlier = key ? await this.cards.byIdempotencyKey(command.account_id, key) : null;
    if (earlier) return this.replay(earlier, fingerprint);
    await this.admitHolder(command.account_id, request.cardholder_name);
    const claimed = await this.claim(command, request, key, fingerprint);
    return claimed.replayed ? this.replay(claimed.card, fingerprint) : this.finish(claimed.card);
  }

  async get(ref: CardRefCommand): Promise<CardResource> {
    return cardResource(await this.owned(ref));
  }

  async list(account_id: string, limit: number, offset: number) {
    const rows = await this.cards.list(account_id, limit, offset);
    return { cards: rows.map(cardResource) };
  }

  async activate(ref: CardRefCommand): Promise<CardResource> {
    return cardResource(await this.status.apply(ref.account_id, ref.card_id, { type: 'activate' }));
  }

  async freeze(ref: CardRefCommand): Promise<CardResource> {
    return cardResource(
      await this.status.apply(ref.account_id, ref.card_id, {
        type: 'freeze',
        reason: 'user_requested',
      }),
    );
  }

  /** A frozen card pays its unpaid monthly fees first (`insufficient_funds` keeps it frozen). */
  async unfreeze(ref: CardRefCommand): Promise<CardResource> {
    const card = await this.owned(ref);
    if (card.status === 'frozen') await this.fees.settleUnpaid(card);
    return cardResource(await this.status.apply(ref.account_id, ref.card_id, { type: 'unfreeze' }));
  }

  async cancel(ref: CardRefCommand): Promise<CardResource> {
    return cardResource(await this.status.apply(ref.account_id, ref.card_id, { type: 'cancel' }));
  }

  /** The number and code, from the issuer each time: never stored, logged or sent in an event. */
  async reveal(ref: CardRefCommand) {
    const card = await this.owned(ref);
    if (card.status === 'cancelled')
      throw new DomainError('card_cancelled', 'the card is cancelled: its data is not shown');
    const data = await this.issuer.sensitiveData(card.issuer_ref).catch(() => null);
    if (!data)
      throw new DomainError(
        'card_recovery_pending',
        'the card data cannot be read now; retry later',
      );
    return { card_id: card.card_id, ...data };
  }

  private async owned(ref: CardRefCommand): Promise<IssuedCardRow> {
    const card = await this.cards.get(ref.account_id, ref.card_id);
    if (!card) throw new DomainError('not_found', 'no such card');
    return card;
  }

  /** The holder's identity is verified and the holder was screened clear. */
  private async admitHolder(account_id: string, printed_name: string): Promise<void> {
    const kyc_status = await this.accounts.kycStatus(account_id);
    if (kyc_status === 'pending')
      throw new DomainError(
        'cardholder_kyc_pending',
        "the account's identity verification is still under review",
      );
    if (kyc_status !== 'approved')
      throw new DomainError(
        'verification_required',
        'identity verification must be approved before issuing cards',
      );
    const screening = await this.accounts.holderScreening(account_id, printed_name);
    if (screening === null)
      throw new DomainError(
        'screening_required',
        `screen the cardholder "${printed_name}" (POST /v1/aml/screenings, a person) before issuing the card`,
      );
    if (screening !== 'clear')
      throw new DomainError(
        'screening_required',
        "the cardholder's newest screening is not clear; a card cannot be issued",
      );
  }

  private async claim(
    command: IssueCardCommand,
    request: CardRequest,
    key: string | null,
    fingerprint: string,
  ): Promise<{ card: CardRow; replayed: boolean }> {
    return withTransaction(this.pool, async (client) => {
      await this.cards.lockAccount(client, command.account_id);
      const raced = key ? await this.cards.byIdempotencyKey(command.account_id, key) : null;
      if (raced) return { card: raced, replayed: true };
      if ((await this.cards.countOpen(client, command.account_id)) >= MAX_OPEN_CARDS_PER_ACCOUNT)
        throw new DomainError(
          'card_limit_reached',
          `an account holds at most ${MAX_OPEN_CARDS_PER_ACCOUNT} cards that are not cancelled`,
        );
      const initial = initialCardState(request.type);
      const now = new Date();
      const row: CardRow = {
        card_id: randomUUID(),
        account_id: command.account_id,
        org_id: command.org_id,
        type: request.type,
        status: initial.status,
        reason: initial.reason,
        cardholder_name: request.cardholder_name,
        occupation: request.occupation,
        business_activity: request.business_activity,
        shipping_address: request.shipping_address,
        issuer_ref: null,
        last4: null,
        expiry: null,
        idempotency_key: key,
        fingerprint,
        created_at: now,
        updated_at: now,
      };
      const card = await this.cards.claim(client, row);
      if (!card) throw new Error('a card claim conflicted although its account was locked');
      return { card, replayed: false };
    });
  }

  private async replay(card: CardRow, fingerprint: string): Promise<CardResource> {
    if (card.fingerprint !== fingerprint)
      throw new DomainError(
        'idempotency_conflict',
        'this idempotency_key was used for another card request',
      );
    markReplayed();
    return isIssued(card) ? cardResource(card) : this.finish(card);
  }

  /** Asks the issuer for the claimed card and records it with `cards.card_issued`. */
  private async finish(card: CardRow): Promise<CardResource> {
    const issued = await this.issuer
      .issue({ card_id: card.card_id, type: card.type, cardholder_name: card.cardholder_name })
      .catch(() => {
        throw new DomainError(
          'card_recovery_pending',
          'the card could not be completed now; retry with the same idempotency_key',
        );
      });
    const stored = await withTransaction(this.pool, async (client) => {
      const marked = await this.cards.markIssued(client, card.card_id, issued);
      // Another request finished it first: answer what it stored.
      if (!marked) return null;
      await appendCardEvent(this.events, client, marked, 'cards.card_issued', {
        card_id: marked.card_id,
        account_id: marked.account_id,
        type: marked.type,
        status: marked.status,
        last4: marked.last4,
        issued_at: marked.created_at.toISOString(),
      });
      return marked;
    });
    const card_now = stored ?? (await this.cards.get(card.account_id, card.card_id));
    if (!card_now) throw new Error(`card ${card.card_id} vanished while it was issued`);
    return cardResource(card_now);
  }
}
