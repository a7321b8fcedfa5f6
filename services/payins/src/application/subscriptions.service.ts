import { randomUUID } from 'node:crypto';
import {
  DomainError,
  type ChangeSubscriptionCommand,
  type CreateSubscriptionCommand,
  type GetSubscriptionCommand,
  type ListSubscriptionChargesCommand,
  type ListSubscriptionsCommand,
  type SubscriptionView,
} from '@platform/contracts';
import {
  chargeTimeOf,
  decideSubscription,
  SUBSCRIPTION_STATUSES,
  type SubscriptionCommand,
} from '../domain/subscription';
import {
  readStoredCardId,
  readSubscriptionRequest,
  subscriptionFingerprint,
  subscriptionView,
} from '../domain/subscription-request';
import { assertNotRevoked, type StoredCard } from '../domain/stored-card';
import type { StoredCardsRepository } from '../infrastructure/stored-cards.repository';
import type {
  SubscriptionRow,
  SubscriptionsRepository,
} from '../infrastructure/subscriptions.repository';
import { usableKey } from './payins.service';
import type { IdentityPort } from './ports';
import { storeDecided } from './subscription-events';
import { chargeView, type ChargeJobs } from './subscription-charger';
import { requireVerified } from './verification-gate';
import { markReplayed } from '@platform/messaging';

/** Creating, reading and changing subscriptions; the charges are the SubscriptionCharger's. */
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly cards: StoredCardsRepository,
    private readonly identity: IdentityPort,
    private readonly jobs: ChargeJobs,
  ) {}

  async create(
    command: CreateSubscriptionCommand,
  ): Promise<{ subscription: SubscriptionView; created: boolean }> {
    await requireVerified(this.identity, command, 'creating subscriptions');
    const card = await this.cards.findOwned(command.account_id, readStoredCardId(command.body));
    if (!card) throw new DomainError('not_found', 'stored card not found');
    const request = await this.readRequest(command, card);
    const fingerprint = subscriptionFingerprint(request);
    const replay = await this.replayOf(command.account_id, request.idempotency_key, fingerprint);
    if (replay) return { subscription: subscriptionView(replay), created: false };
    assertNotRevoked(card);
    const now = new Date();
    const anchor_at = request.start_at ?? now;
    const timezone = await this.identity.organizationTimezone(command.org_id);
    const schedule = { interval: request.interval, anchor_at, timezone };
    const row: SubscriptionRow = {
      subscription_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      stored_card_id: card.instrument_id,
      amount: request.amount.toString(),
      currency: request.currency,
      country: card.country,
      ...schedule,
      status: 'active',
      next_period_index: 0,
      next_charge_at: chargeTimeOf(schedule, 0),
      last_charge_status: null,
      last_charge_at: null,
      idempotency_key: request.idempotency_key,
      created_at: now,
      canceled_at: null,
      fingerprint,
      base_url: command.base_url,
    };
    const inserted = await this.subscriptions.transaction(async (client) => {
      const stored = await this.subscriptions.insert(client, row);
      if (!stored) return null;
      await this.subscriptions.publish(client, stored, `subscription-${stored.subscription_id}`, [
        {
          type: 'payins.subscription_created',
          data: {
            subscription_id: stored.subscription_id,
            account_id: stored.account_id,
            stored_card_id: stored.stored_card_id,
            amount: stored.amount,
            currency: stored.currency,
            interval: stored.interval,
            next_charge_at: row.anchor_at.toISOString(),
          },
        },
      ]);
      await this.jobs.scheduleCharge(client, stored.subscription_id, row.anchor_at);
      return stored;
    });
    if (inserted) return { subscription: subscriptionView(inserted), created: true };
    // A concurrent request with the key won the insert: answer its subscription.
    const winner = await this.replayOf(command.account_id, request.idempotency_key, fingerprint);
    if (!winner) throw new DomainError('service_unavailable', 'the subscription was not stored');
    return { subscription: subscriptionView(winner), created: false };
  }

  async list(query: ListSubscriptionsCommand): Promise<{ subscriptions: SubscriptionView[] }> {
    const status = SUBSCRIPTION_STATUSES.find((known) => known === query.status);
    if (query.status && !status)
      throw new DomainError(
        'invalid_status',
        `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`,
      );
    const rows = await this.subscriptions.list({ ...query, status });
    return { subscriptions: rows.map(subscriptionView) };
  }

  async get(query: GetSubscriptionCommand): Promise<SubscriptionView> {
    return subscriptionView(await this.owned(query));
  }

  async listCharges(query: ListSubscriptionChargesCommand) {
    const subscription = await this.owned(query);
    const charges = await this.subscriptions.listCharges(
      subscription.subscription_id,
      query.limit,
      query.offset,
    );
    return { charges: charges.map(chargeView) };
  }

  /** Pause, resume or cancel; repeating the current state answers it unchanged. */
  async change(command: ChangeSubscriptionCommand): Promise<SubscriptionView> {
    const owned = await this.owned(command);
    const at = new Date();
    const decision: SubscriptionCommand =
      command.action === 'pause' ? { type: 'pause' } : { type: command.action, at };
    return this.subscriptions.transaction(async (client) => {
      const state = await this.subscriptions.lock(client, owned.subscription_id);
      if (!state) throw new DomainError('not_found', 'subscription not found');
      const events = decideSubscription(decision, state);
      const after = await storeDecided(this.subscriptions, this.jobs, client, state, events);
      return subscriptionView(after);
    });
  }

  /**
   * A body that fails validation under a key the account already used differs from the
   * original (which was valid): that is `idempotency_conflict`.
   */
  private async readRequest(command: CreateSubscriptionCommand, card: StoredCard) {
    try {
      return readSubscriptionRequest(command.body, card);
    } catch (error) {
      const key = usableKey(command.body.idempotency_key);
      if (key && (await this.subscriptions.findByIdempotencyKey(command.account_id, key)))
        throw keyConflict();
      throw error;
    }
  }

  private async owned(query: { account_id: string; subscription_id: string }) {
    const subscription = await this.subscriptions.findOwned(
      query.account_id,
      query.subscription_id,
    );
    if (!subscription) throw new DomainError('not_found', 'subscription not found');
    return subscription;
  }

  private async replayOf(account_id: string, key: string | null, fingerprint: string) {
    if (!key) return null;
    const original = await this.subscriptions.findByIdempotencyKey(account_id, key);
    if (original && original.fingerprint !== fingerprint) throw keyConflict();
    if (original) markReplayed();
    return original;
  }
}

function keyConflict(): DomainError {
  return new DomainError(
    'idempotency_conflict',
    'this idempotency_key was used with a different subscription request',
  );
}
