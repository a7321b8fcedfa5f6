import { z } from 'zod';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from '../public-event-types';

/**
 * What the notifications service's commands answer (messages, webhooks, public events, stream
 * leases), and the words those answers are made of. The gateway documents its responses from
 * these schemas; services read the `z.infer` types instead of keeping their own interfaces.
 */
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

// A vocabulary of its own file (no zod): a client that only names events need not load the schemas.
export { PUBLIC_EVENT_TYPES, type PublicEventType };

export function isPublicEventType(value: unknown): value is PublicEventType {
  return typeof value === 'string' && (PUBLIC_EVENT_TYPES as readonly string[]).includes(value);
}

export const WEBHOOK_SUBSCRIPTION_STATUSES = ['active', 'disabled'] as const;
export type WebhookSubscriptionStatus = (typeof WEBHOOK_SUBSCRIPTION_STATUSES)[number];

/* ---------------- Messages to people (decisions D3) ---------------- */

/** `notifications.send_message`: the id the message is kept under. */
export const sentMessageReply = z.object({ message_id: z.string() });

/** A message the platform kept instead of sending it (decisions D3): the sandbox mailbox. */
export const mailboxMessage = z.object({
  message_id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  org_id: z.string().nullable(),
  account_id: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: instant,
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

/** `notifications.list_mailbox`: newest first. */
export const mailboxReply = z.object({ messages: z.array(mailboxMessage) });

/* ---------------- Public events (spec section 6, decisions D7) ---------------- */

/** A public event as webhooks and the stream carry it. */
export const publicEvent = z.object({
  id: z.string(),
  type: z.enum(PUBLIC_EVENT_TYPES),
  created_at: instant,
  livemode: z.boolean(),
  data: z.record(z.string(), z.unknown()).describe('the fields of the event type'),
});
export type PublicEvent = z.infer<typeof publicEvent>;

/** A stored public event with its place in the store (the stream's de-duplication key). */
export const positionedPublicEvent = z.object({
  position: z
    .string()
    .describe('store position, a decimal string: increases with each event of one account'),
  account_id: z.string(),
  org_id: z.string().nullable(),
  event: publicEvent,
});
export type PositionedPublicEvent = z.infer<typeof positionedPublicEvent>;

/** `notifications.list_public_events` and its organization form: newest first. */
export const publicEventsReply = z.object({ events: z.array(publicEvent) });

/** `notifications.replay_public_events` and its organization form: oldest first. */
export const replayedEventsReply = z.object({
  found: z.boolean().describe('false when the event named is not (or no longer) stored'),
  events: z.array(positionedPublicEvent),
});
export type ReplayedEventsReply = z.infer<typeof replayedEventsReply>;

/* ---------------- Webhook subscriptions (spec sections 2, 3) ---------------- */

/** The subscription as an API user reads it (never the secret). */
export const webhookSubscription = z.object({
  id: z.string(),
  event_type: z.union([z.enum(PUBLIC_EVENT_TYPES), z.literal('*')]),
  callback_url: z.string(),
  status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES),
  created_at: instant,
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

/** One attempt to deliver one event to one subscription. */
export const webhookDelivery = z.object({
  delivery_id: z.string().describe('X-Webhook-Delivery-ID: one per attempt'),
  event_id: z.string().describe('the same across the attempts of one event'),
  event_type: z.string(),
  attempt: z.number().int(),
  manual: z.boolean().describe('a redelivery asked for by the account'),
  status: z.enum(['succeeded', 'failed']),
  response_status: z.number().int().nullable().describe("the callback's HTTP status, if any"),
  failure: z
    .string()
    .nullable()
    .describe('timeout, connection_refused, callback_refused, unexpected_status_<code>...'),
  duration_ms: z.number().int(),
  attempted_at: instant,
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookSubscriptionsReply = z.object({
  subscriptions: z.array(webhookSubscription),
});

export const webhookDeliveriesReply = z.object({ deliveries: z.array(webhookDelivery) });

/** `notifications.retry_webhook_delivery`: one more attempt is queued. */
export const webhookRetryReply = z.object({
  subscription_id: z.string(),
  event_id: z.string(),
  status: z.literal('queued'),
});

/* ---------------- Stream leases (spec §8 and §7) ---------------- */

export const openStreamLeaseReply = z.object({
  lease_id: z.string(),
  lease_ms: z.number().int().describe('how long the lease lives without a renewal'),
});
export type OpenStreamLeaseReply = z.infer<typeof openStreamLeaseReply>;

export const renewStreamLeasesReply = z.object({
  lost_lease_ids: z
    .array(z.string())
    .describe('leases named that had expired or were unknown: their streams end'),
});
export type RenewStreamLeasesReply = z.infer<typeof renewStreamLeasesReply>;

export const closeStreamLeaseReply = z.object({ closed: z.boolean() });
export type CloseStreamLeaseReply = z.infer<typeof closeStreamLeaseReply>;
