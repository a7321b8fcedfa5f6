import type { PoolClient } from 'pg';
import {
  evolveSubscription,
  type Subscription,
  type SubscriptionEvent,
} from '../domain/subscription';
import type { PublishedEvent } from '../infrastructure/payins-outbox';
import type { SubscriptionsRepository } from '../infrastructure/subscriptions.repository';
import type { ChargeJobs } from './subscription-charger';

/**
 * Applies what the domain decided and stores it with its events, in the caller's transaction;
 * an active subscription that changed gets its next charge scheduled (the job replaces any
 * pending one). Nothing decided, nothing written.
 */
export async function storeDecided(
  subscriptions: SubscriptionsRepository,
  jobs: ChargeJobs,
  client: PoolClient,
  state: Subscription,
  events: readonly SubscriptionEvent[],
): Promise<Subscription> {
  if (events.length === 0) return state;
  const after = events.reduce(evolveSubscription, state);
  await subscriptions.store(
    client,
    after,
    events.map((event) => publishedOf(after, event)),
  );
  if (after.status === 'active' && after.next_charge_at)
    await jobs.scheduleCharge(client, after.subscription_id, after.next_charge_at);
  return after;
}

/** The domain event each decided change publishes, read off the state it left. */
export function publishedOf(after: Subscription, event: SubscriptionEvent): PublishedEvent {
  const owner = { subscription_id: after.subscription_id, account_id: after.account_id };
  const status = { ...owner, status: after.status, next_charge_at: iso(after.next_charge_at) };
  switch (event.type) {
    case 'paused':
      return { type: 'payins.subscription_paused', data: status };
    case 'resumed':
      return { type: 'payins.subscription_resumed', data: status };
    case 'canceled':
      return { type: 'payins.subscription_canceled', data: status };
    case 'charge_recorded': {
      const { period_index, outcome } = event.data;
      return outcome.status === 'succeeded'
        ? {
            type: 'payins.subscription_charged',
            data: { ...owner, period_index, payin_id: outcome.payin_id },
          }
        : {
            type: 'payins.subscription_charge_failed',
            data: { ...owner, period_index, reason: outcome.reason },
          };
    }
    default: {
      const unknown: never = event;
      throw new Error(`unknown subscription event ${JSON.stringify(unknown)}`);
    }
  }
}

function iso(at: Date | null): string | null {
  return at?.toISOString() ?? null;
}
