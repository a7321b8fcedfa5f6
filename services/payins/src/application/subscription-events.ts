import type { Subscription, SubscriptionEvent } from '../domain/subscription';
import type { PublishedEvent } from '../infrastructure/payins-outbox';

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
