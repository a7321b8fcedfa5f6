import type { PoolClient } from 'pg';
import { DomainError, payinDescription } from '@platform/contracts';
import { Money, type Asset, type MoneyUnit } from '@platform/money';
import { togetherOrAlone } from '@platform/persistence';
import { priceLocalPayin, rateOf } from '../domain/conversion';
import { SANDBOX_COLLECTION_FAILURE, type Payin, type PayinFailure } from '../domain/payin';
import { expiryDue, savesCard, stepDue } from '../domain/payin-decide';
import type { CreditTerms, PayinCommand } from '../domain/payin-events';
import { transition, type PayinTransition } from '../domain/payin-state';
import { cardInstrument } from '../domain/stored-card';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import type { StoredCardsRepository } from '../infrastructure/stored-cards.repository';
import type { LedgerPort } from './ports';

/**
 * The payin lifecycle of spec §3 after create: the rail's report (paid or failed), expiry,
 * delayed card settlement. Each transition locks its row, asks the domain, moves money in the
 * ledger (idempotent by the payin id), stores the new state and appends its events in one
 * transaction, so a crash at any point is repaired by running the same transition again.
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
      if (payin && stepDue(payin, now)) await this.stepLocked(client, payin, now);
    });
  }

  /**
   * The rail's reports for several payins in one transaction: one begin, one lock, one update of
   * their rows, one append of their events and one commit for them all, where each step alone
   * takes five statements.
   * Their credits go to the ledger at once (its group commit takes them together); a checkout's
   * attempt, which changes its link, is stepped after the others, in turn. Answers the payins
   * whose step failed, with why: should any step fail, nothing of the batch is kept and each
   * payin is stepped alone (a credit is idempotent by the payin), so one failing payin never
   * holds back the others.
   */
  stepMany(payin_ids: readonly string[]): Promise<Map<string, unknown>> {
    const together = () =>
      this.payins.transaction(async (client) => {
        const now = new Date();
        const due = (await this.payins.lockMany(client, payin_ids)).filter((payin) =>
          stepDue(payin, now),
        );
        // Links locked in one order by every chunk, so two chunks stepped side by side wait for
        // each other's link rather than deadlock.
        const attempts = due
          .filter((payin) => payin.kind === 'checkout_attempt')
          .sort((a, b) => (a.checkout_payin_id ?? '').localeCompare(b.checkout_payin_id ?? ''));
        // Every credit settled before anything is stored or rolled back: none is left in flight.
        const decided = await Promise.allSettled(
          due
            .filter((payin) => payin.kind !== 'checkout_attempt')
            .map((payin) => this.decideStep(payin, now)),
        );
        for (const step of decided) if (step.status === 'rejected') throw step.reason;
        const stored = await this.payins.storeMany(
          client,
          decided.flatMap((step) => (step.status === 'fulfilled' ? [step.value] : [])),
        );
        for (const payin of stored) await this.saveCard(client, payin, now);
        for (const attempt of attempts) await this.stepLocked(client, attempt, now);
      });
    return togetherOrAlone(payin_ids, together, (payin_id) => this.step(payin_id));
  }

  /** A due step, locked by the caller's transaction: decided, credited and stored. */
  private async stepLocked(client: PoolClient, payin: Payin, now: Date): Promise<void> {
    if (payin.kind === 'checkout_attempt' && payin.outcome === 'pay')
      await this.receiveForCheckout(client, payin, now);
    else await this.storeDecided(client, await this.decideStep(payin, now), now);
  }

  /** What the rail's report decides for a payin (not a checkout's attempt); a payment is credited. */
  private async decideStep(payin: Payin, now: Date): Promise<PayinTransition> {
    switch (payin.outcome) {
      case 'pay':
        return this.credited(payin, now);
      case 'fail':
        return transition(payin, { type: 'fail_collection', failure: SANDBOX_COLLECTION_FAILURE });
      case 'never_paid':
      case 'manual':
        return transition(payin, { type: 'stop_stepping' });
      default: {
        const unhandled: never = payin.outcome;
        throw new Error(`unknown outcome ${String(unhandled)}`);
      }
    }
  }

  /** A pending collection past its expiry: expired, no funds move. */
  async expire(payin_id: string): Promise<void> {
    await this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, payin_id, true);
      const now = new Date();
      if (!payin || !expiryDue(payin, now)) return;
      await this.apply(client, payin, { type: 'expire', at: now });
    });
  }

  /** Credits a card payin whose delayed settlement is due; one already settled stays as it is. */
  async settle(payin_id: string): Promise<Payin | null> {
    return this.payins.transaction(async (client) => {
      const payin = await this.payins.lock(client, payin_id);
      if (!payin) return null;
      const decided = transition(payin, { type: 'release_settlement', at: new Date() });
      if (decided.events.length > 0)
        await this.creditLedger(payin, requiredAsset(payin), payin.credited_amount ?? '0');
      return this.payins.store(client, decided);
    });
  }

  /**
   * An organization admin (or the platform operator, without `org_id`) credits a scheduled card
   * settlement now. Another organization's payin, or a checkout's method attempt, is not found.
   */
  async release(payin_id: string, org_id: string | undefined): Promise<Payin> {
    const found = await this.payins.findById(payin_id);
    if (!found || found.kind !== 'payin' || (org_id !== undefined && found.org_id !== org_id))
      throw new DomainError('not_found', 'payin not found');
    const settled = await this.settle(found.payin_id);
    if (!settled) throw new DomainError('not_found', 'payin not found');
    return settled;
  }

  /**
   * A test account's demo payin: stored unless it is there already, and credited in
   * `credit_asset` as paid at `at` (in the past), by the same transition and ledger credit as a
   * rail's report, dated then. One transaction: no worker ever sees it pending. It publishes no
   * event: it is history, not new activity (no webhook, no event stream entry).
   */
  async receiveDemo(payin: Payin, credit_asset: Asset, at: Date): Promise<Payin> {
    return this.payins.transaction(async (client) => {
      await this.payins.insert(client, payin);
      const locked = await this.payins.lock(client, payin.payin_id);
      if (!locked) throw new Error(`demo payin ${payin.payin_id} was not stored`);
      if (locked.status !== 'pending') return locked;
      const credit = await this.price(locked, credit_asset);
      const decided = transition(locked, { type: 'receive_payment', at, credit });
      for (const event of decided.events)
        if (event.type === 'payment_received')
          await this.creditLedger(locked, credit_asset, credit.credited.toString(), at);
      return this.payins.store(client, { ...decided, published: [] });
    });
  }

  /** Operators confirmed a manual collection was paid: credited as if the rail had said so. */
  async receiveConfirmed(client: PoolClient, payin: Payin): Promise<Payin> {
    return this.receive(client, payin, new Date());
  }

  /** Operators cancelled a manual collection: it fails with `failure` and `payin_expired`. */
  async failConfirmed(client: PoolClient, payin: Payin, failure: PayinFailure): Promise<Payin> {
    return this.apply(client, payin, { type: 'fail_collection', failure });
  }

  private async receive(client: PoolClient, payin: Payin, now: Date): Promise<Payin> {
    if (payin.kind === 'checkout_attempt') return this.receiveForCheckout(client, payin, now);
    return this.storeDecided(client, await this.credited(payin, now), now);
  }

  /** A payin paid: priced, and credited in the ledger; what is decided is not stored yet. */
  private async credited(payin: Payin, now: Date): Promise<PayinTransition> {
    const decided = transition(payin, {
      type: 'receive_payment',
      at: now,
      credit: await this.price(payin),
    });
    for (const event of decided.events)
      if (event.type === 'payment_received') {
        const { credit } = event.data;
        await this.creditLedger(payin, credit.credit_asset, credit.credited.toString());
      }
    return decided;
  }

  /** Stores what was decided, and the card of a paid payin that asked to save it. */
  private async storeDecided(
    client: PoolClient,
    decided: PayinTransition,
    now: Date,
  ): Promise<Payin> {
    return this.saveCard(client, await this.payins.store(client, decided), now);
  }

  /**
   * A payer's method on a checkout link was paid. The first completed method wins: the link is
   * credited in its settlement asset; a payment to a link already paid or expired is kept as
   * `unassigned` with its `match_reason` for an operator to return.
   */
  private async receiveForCheckout(client: PoolClient, attempt: Payin, now: Date): Promise<Payin> {
    const locked = await this.payins.lock(client, attempt.checkout_payin_id ?? '');
    if (!locked) throw new Error(`checkout attempt ${attempt.payin_id} has no link`);
    const link = expiryDue(locked, now)
      ? await this.apply(client, locked, { type: 'expire', at: now })
      : locked;
    const matched = transition(attempt, { type: 'match_to_link', link, at: now });
    if (matched.payin.status === 'credited') await this.payLink(client, link, attempt, now);
    return this.payins.store(client, matched);
  }

  private async payLink(client: PoolClient, link: Payin, attempt: Payin, now: Date) {
    const asset = requiredSettlementAsset(link);
    const charged = Money.parseStored(asset, link.local_amount);
    const local = Money.parseStored(attempt.currency as MoneyUnit, attempt.local_amount);
    const credit: CreditTerms = {
      credit_asset: asset,
      credited: charged,
      fee: Money.zero(asset),
      fx_rate: rateOf(local, charged, await this.ledger.rates()),
    };
    const decided = transition(link, { type: 'pay_link', at: now, credit, attempt });
    await this.creditLedger(link, asset, charged.toString());
    await this.payins.store(client, decided);
  }

  /** A paid card payin with `save_card: true` stores its card (spec §4 stored cards). */
  private async saveCard(client: PoolClient, payin: Payin, now: Date): Promise<Payin> {
    if (!this.cards || !savesCard(payin)) return payin;
    const card = await this.cards.saveFrom(client, payin, now);
    return this.apply(client, payin, {
      type: 'record_saved_card',
      instrument_id: card.instrument_id,
      instrument: cardInstrument(card),
    });
  }

  /** A transition that moves no money: decided, stored, published. */
  private apply(client: PoolClient, payin: Payin, command: PayinCommand): Promise<Payin> {
    return this.payins.store(client, transition(payin, command));
  }

  /**
   * What the collected amount credits, in the account's payin asset (or `asset` when given) or
   * its own local ledger.
   */
  private async price(payin: Payin, asset?: Asset): Promise<CreditTerms> {
    const amount = Money.parseStored(payin.currency as MoneyUnit, payin.local_amount);
    const credit_asset = payin.fiat_hold_local
      ? (payin.currency as Asset)
      : (asset ?? (await this.ledger.payinAsset(payin.account_id)));
    return priceLocalPayin(amount, credit_asset, await this.ledger.rates(), payin.fiat_hold_local);
  }

  /** `received_at`: a demo payin's credit is dated when it was paid, in the past. */
  private creditLedger(
    payin: Payin,
    asset: Asset,
    amount: string,
    received_at?: Date,
  ): Promise<void> {
    return this.ledger.credit({
      account_id: payin.account_id,
      operation_id: `payin:${payin.payin_id}`,
      asset,
      amount,
      kind: 'payin',
      reference_id: payin.payin_id,
      description: payinDescription(payin.method),
      ...(received_at ? { effective_at: received_at.toISOString() } : {}),
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
