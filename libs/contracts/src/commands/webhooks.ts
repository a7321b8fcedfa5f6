import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { filterDateSchema } from '../filter-dates';
import * as replies from './notifications-replies';
import { WEBHOOK_SUBSCRIPTION_STATUSES } from './notifications-replies';

/**
 * Webhook subscriptions and the public event history (spec sections 2, 3, 6; decisions D7).
 * The event names and the shapes of the answers are in notifications-replies.
 */

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
export type CreateWebhookSubscriptionCommand = z.infer<typeof createWebhookSubscriptionCommand>;

export const listWebhookSubscriptionsCommand = z.object({ ...scope, ...listing }).strict();
export type ListWebhookSubscriptionsCommand = z.infer<typeof listWebhookSubscriptionsCommand>;

export const getWebhookSubscriptionCommand = z.object({ ...scope, subscription_id: id }).strict();
export type GetWebhookSubscriptionCommand = z.infer<typeof getWebhookSubscriptionCommand>;

export const webhookStatusBody = z
  .object({ status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES) })
  .strict();

export const updateWebhookSubscriptionCommand = z
  .object({ ...scope, subscription_id: id, status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES) })
  .strict();
export type UpdateWebhookSubscriptionCommand = z.infer<typeof updateWebhookSubscriptionCommand>;

export const listWebhookDeliveriesCommand = z
  .object({ ...scope, subscription_id: id, ...listing })
  .strict();
export type ListWebhookDeliveriesCommand = z.infer<typeof listWebhookDeliveriesCommand>;

export const retryWebhookDeliveryCommand = z
  .object({ ...scope, subscription_id: id, delivery_id: id })
  .strict();
export type RetryWebhookDeliveryCommand = z.infer<typeof retryWebhookDeliveryCommand>;

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
export type ListPublicEventsCommand = z.infer<typeof listPublicEventsCommand>;

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
export type ReplayPublicEventsCommand = z.infer<typeof replayPublicEventsCommand>;

/** The bus topic on which committed public events are broadcast to every gateway. */
export const PUBLIC_EVENTS_TOPIC = 'public-events';

/** An organization admin's history and replay (decisions D2): `org_id` in place of `account_id`. */
const orgIdField = z.string().min(1);

export const listOrgPublicEventsCommand = listPublicEventsCommand
  .omit({ account_id: true, org_id: true })
  .extend({ org_id: orgIdField })
  .strict();
export type ListOrgPublicEventsCommand = z.infer<typeof listOrgPublicEventsCommand>;

export const replayOrgPublicEventsCommand = replayPublicEventsCommand
  .omit({ account_id: true, org_id: true })
  .extend({ org_id: orgIdField })
  .strict();
export type ReplayOrgPublicEventsCommand = z.infer<typeof replayOrgPublicEventsCommand>;

/** Webhook subscriptions of one account: create, read, toggle (never deleted), deliveries. */
export const WEBHOOK_COMMANDS = {
  create_subscription: defineCommand({
    name: 'notifications.create_webhook_subscription',
    summary: 'subscribe a callback to one event type or *',
    request: createWebhookSubscriptionCommand,
    reply: replies.webhookSubscription,
  }),
  list_subscriptions: defineCommand({
    name: 'notifications.list_webhook_subscriptions',
    summary: "the account's subscriptions, newest first",
    request: listWebhookSubscriptionsCommand,
    reply: replies.webhookSubscriptionsReply,
  }),
  get_subscription: defineCommand({
    name: 'notifications.get_webhook_subscription',
    summary: 'one subscription of the account',
    request: getWebhookSubscriptionCommand,
    reply: replies.webhookSubscription,
  }),
  update_subscription: defineCommand({
    name: 'notifications.update_webhook_subscription',
    summary: 'enable or disable a subscription',
    request: updateWebhookSubscriptionCommand,
    reply: replies.webhookSubscription,
    invalid_code: 'invalid_status',
  }),
  list_deliveries: defineCommand({
    name: 'notifications.list_webhook_deliveries',
    summary: "a subscription's delivery log, one row per attempt, newest first",
    request: listWebhookDeliveriesCommand,
    reply: replies.webhookDeliveriesReply,
  }),
  retry_delivery: defineCommand({
    name: 'notifications.retry_webhook_delivery',
    summary: 'queue one more attempt of a logged delivery, now',
    request: retryWebhookDeliveryCommand,
    reply: replies.webhookRetryReply,
  }),
} as const;

/** One account's public events: the history listing and the stream's replay. */
export const PUBLIC_EVENT_COMMANDS = {
  list_events: defineCommand({
    name: 'notifications.list_public_events',
    summary: "an account's event history, newest first",
    request: listPublicEventsCommand,
    reply: replies.publicEventsReply,
  }),
  replay_events: defineCommand({
    name: 'notifications.replay_public_events',
    summary: "an account's events after the one named, oldest first (Last-Event-ID)",
    request: replayPublicEventsCommand,
    reply: replies.replayedEventsReply,
  }),
} as const;

/**
 * The organization-wide history and replay an organization admin's `GET /v1/events` reads
 * (decisions D2): the account commands with `org_id` in place of `account_id`.
 */
export const ORG_PUBLIC_EVENT_COMMANDS = {
  list_events: defineCommand({
    name: 'notifications.list_org_public_events',
    summary: "an organization's event history, every account's, newest first",
    request: listOrgPublicEventsCommand,
    reply: replies.publicEventsReply,
  }),
  replay_events: defineCommand({
    name: 'notifications.replay_org_public_events',
    summary: "an organization's events after the one named, oldest first (Last-Event-ID)",
    request: replayOrgPublicEventsCommand,
    reply: replies.replayedEventsReply,
  }),
} as const;
