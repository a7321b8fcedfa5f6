import { z } from 'zod';
import { filterDateSchema } from '../filter-dates';

/**
 * The public event names of spec section 6: what a webhook subscription's `event_type` and the
 * stream's `?types=` accept (decisions D7).
 */
export const PUBLIC_EVENT_TYPES = [
  'payin_credited',
  'payin_expired',
  'payin_settlement_scheduled',
  'payin_refunded',
  'payout_status_changed',
  'transfer_received',
  'crypto_deposit_credited',
  'crypto_deposit_held',
  'crypto_deposit_alert',
  'crypto_withdrawal_status_changed',
  'banking_customer_status_changed',
  'banking_operation_status_changed',
  'banking_virtual_iban_inbound',
  'card_transaction',
  'card_status_changed',
  'kyc_verification_status_changed',
  'kyb_verification_status_changed',
  'kyc_link_completed',
  'kyb_link_completed',
  'kyc_document_validated',
  'kyb_document_validated',
  'kyc_liveness_completed',
  'aml_screening_updated',
  'wallet_deposit_received',
  'wallet_send_status_changed',
  'wallet_key_exported',
  'wallet_external_movement',
  'wallet_key_compromise_suspected',
  'wallet_signature_created',
  'wallet_linked',
  'risk_report_ready',
  'risk_score_changed',
  'risk_batch_completed',
  'risk_monitoring_alert',
  'risk_consent_granted',
  'risk_consent_revoked',
  'risk_fraud_score_ready',
  'txn_review_status_changed',
  'dispute_status_changed',
  'admin_announcement',
] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

export function isPublicEventType(value: unknown): value is PublicEventType {
  return typeof value === 'string' && (PUBLIC_EVENT_TYPES as readonly string[]).includes(value);
}

/** A public event as webhooks and the stream carry it (decisions D7). */
export interface PublicEvent {
  id: string;
  type: PublicEventType;
  created_at: string;
  livemode: boolean;
  data: Record<string, unknown>;
}

/** A stored public event with its place in the store (the stream's de-duplication key). */
export interface PositionedPublicEvent {
  /** Store position, a decimal string: increases with each event of one account. */
  position: string;
  account_id: string;
  org_id: string | null;
  event: PublicEvent;
}

export const WEBHOOK_SUBSCRIPTION_STATUSES = ['active', 'disabled'] as const;
export type WebhookSubscriptionStatus = (typeof WEBHOOK_SUBSCRIPTION_STATUSES)[number];

/** Spec section 2: the subscription as an API user reads it (never the secret). */
export interface WebhookSubscription {
  id: string;
  event_type: PublicEventType | '*';
  callback_url: string;
  status: WebhookSubscriptionStatus;
  created_at: string;
}

/** One attempt to deliver one event to one subscription. */
export interface WebhookDelivery {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  manual: boolean;
  status: 'succeeded' | 'failed';
  response_status: number | null;
  failure: string | null;
  duration_ms: number;
  attempted_at: string;
}

const id = z.string().min(1).max(200);
const scope = { account_id: id, org_id: id.nullable().optional() };
const listing = {
  limit: z.number().int().min(1).max(1000).default(20),
  offset: z.number().int().min(0).default(0),
};

/** The public body of `POST /v1/webhooks/subscriptions`; values are checked by the service. */
export const webhookSubscriptionBody = z
  .object({
    event_type: z.string(),
    callback_url: z.string(),
    secret: z.string(),
  })
  .strict();

export const createWebhookSubscriptionCommand = z
  .object({ ...scope, subscription: webhookSubscriptionBody })
  .strict();

export const listWebhookSubscriptionsCommand = z.object({ ...scope, ...listing }).strict();

export const getWebhookSubscriptionCommand = z.object({ ...scope, subscription_id: id }).strict();

export const webhookStatusBody = z
  .object({ status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES) })
  .strict();

export const updateWebhookSubscriptionCommand = z
  .object({ ...scope, subscription_id: id, status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES) })
  .strict();

export const listWebhookDeliveriesCommand = z
  .object({ ...scope, subscription_id: id, ...listing })
  .strict();

export const retryWebhookDeliveryCommand = z
  .object({ ...scope, subscription_id: id, delivery_id: id })
  .strict();

export const WEBHOOK_COMMANDS = {
  create_subscription: 'notifications.create_webhook_subscription',
  list_subscriptions: 'notifications.list_webhook_subscriptions',
  get_subscription: 'notifications.get_webhook_subscription',
  update_subscription: 'notifications.update_webhook_subscription',
  list_deliveries: 'notifications.list_webhook_deliveries',
  retry_delivery: 'notifications.retry_webhook_delivery',
} as const;

/**
 * `notifications.list_public_events`: history of one account, newest first. `from`/`to` are
 * `YYYY-MM-DD` dates in `timezone` (from inclusive, to exclusive of the next midnight).
 */
export const listPublicEventsCommand = z
  .object({
    ...scope,
    types: z.array(z.string()).optional(),
    from: filterDateSchema.optional(),
    to: filterDateSchema.optional(),
    timezone: z.string().default('America/New_York'),
    ...listing,
  })
  .strict();

/**
 * `notifications.replay_public_events`: an account's events after the one named (oldest
 * first), for `Last-Event-ID`. An id the store does not know replays nothing (`found: false`).
 */
export const replayPublicEventsCommand = z
  .object({
    ...scope,
    after_event_id: id.optional(),
    after_position: z.string().regex(/^\d+$/).optional(),
    types: z.array(z.string()).optional(),
    limit: z.number().int().min(1).max(1000).default(500),
  })
  .strict();

export const PUBLIC_EVENT_COMMANDS = {
  list_events: 'notifications.list_public_events',
  replay_events: 'notifications.replay_public_events',
} as const;

/** The bus topic on which committed public events are broadcast to every gateway. */
export const PUBLIC_EVENTS_TOPIC = 'public-events';

/**
 * The organization-wide history and replay an organization admin's `GET /v1/events` reads
 * (decisions D2). The same fields as the account commands, with `org_id` in place of
 * `account_id`.
 */
export const ORG_PUBLIC_EVENT_COMMANDS = {
  list_events: 'notifications.list_org_public_events',
  replay_events: 'notifications.replay_org_public_events',
} as const;

const orgIdField = z.string().min(1);

export const listOrgPublicEventsCommand = listPublicEventsCommand
  .omit({ account_id: true, org_id: true })
  .extend({ org_id: orgIdField })
  .strict();

export const replayOrgPublicEventsCommand = replayPublicEventsCommand
  .omit({ account_id: true, org_id: true })
  .extend({ org_id: orgIdField })
  .strict();
