import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { checkedKycStatusField } from './payins';

/**
 * Subscriptions: recurring charges of a stored card (the payins service). Each due period is
 * one card payin, made by the service's job scheduler. The create body's fields are checked by
 * the payins domain, which answers the spec's codes (`invalid_interval`, `invalid_amount`, ...).
 */
const accountId = z.string().uuid();
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const SUBSCRIPTION_INTERVAL_VALUES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const SUBSCRIPTION_STATUS_VALUES = ['active', 'paused', 'canceled'] as const;
export const SUBSCRIPTION_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/** `POST /v1/subscriptions` body. */
export const subscriptionCreateBody = z
  .object({
    stored_card_id: z.unknown().optional().describe('a stored card, from GET /v1/payins/cards'),
    amount: z.unknown().optional().describe('decimal string in `currency`'),
    currency: z.unknown().optional().describe("the stored card's currency"),
    interval: z
      .unknown()
      .optional()
      .describe(`one of ${SUBSCRIPTION_INTERVAL_VALUES.join(', ')}`),
    start_at: z
      .unknown()
      .optional()
      .describe('ISO 8601 instant of the first charge; now when omitted'),
    idempotency_key: z.unknown().optional(),
  })
  .strict();
export type SubscriptionCreateBody = z.infer<typeof subscriptionCreateBody>;

export const subscriptionView = z.object({
  subscription_id: z.string(),
  stored_card_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  country: z.string().describe("the stored card's country: each charge is a card payin there"),
  interval: z.enum(SUBSCRIPTION_INTERVAL_VALUES),
  status: z.enum(SUBSCRIPTION_STATUS_VALUES),
  start_at: instant.describe('the anchor: later charges keep its day of the month and time'),
  next_charge_at: instant.nullable().describe('null once canceled'),
  last_charge_status: z
    .enum(['succeeded', 'failed'])
    .nullable()
    .describe('how the last due charge went; null before the first'),
  last_charge_at: instant.nullable(),
  created_at: instant,
  canceled_at: instant.nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const subscriptionChargeView = z.object({
  subscription_id: z.string(),
  period_index: z.number().int().min(0).describe('0 is the first charge'),
  due_at: instant,
  status: z.enum(['succeeded', 'failed']),
  payin_id: z.string().nullable().describe('the card payin of the charge; null when failed'),
  failure_reason: z.string().nullable().describe('an error code, e.g. `stored_card_revoked`'),
  charged_at: instant,
});
export type SubscriptionChargeView = z.infer<typeof subscriptionChargeView>;

export const createSubscriptionCommand = z
  .object({
    account_id: accountId,
    org_id: z.string().min(1),
    base_url: z.string().url(),
    kyc_status: checkedKycStatusField,
    /** `idempotency_key`: the gateway's choice between the body's key and the header's. */
    body: subscriptionCreateBody,
  })
  .strict();
export type CreateSubscriptionCommand = z.infer<typeof createSubscriptionCommand>;

export const listSubscriptionsCommand = z
  .object({
    account_id: accountId,
    status: z.string().max(40).optional(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListSubscriptionsCommand = z.infer<typeof listSubscriptionsCommand>;

export const getSubscriptionCommand = z
  .object({ account_id: accountId, subscription_id: id })
  .strict();
export type GetSubscriptionCommand = z.infer<typeof getSubscriptionCommand>;

export const changeSubscriptionCommand = z
  .object({ account_id: accountId, subscription_id: id, action: z.enum(SUBSCRIPTION_ACTIONS) })
  .strict();
export type ChangeSubscriptionCommand = z.infer<typeof changeSubscriptionCommand>;

export const listSubscriptionChargesCommand = z
  .object({
    account_id: accountId,
    subscription_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListSubscriptionChargesCommand = z.infer<typeof listSubscriptionChargesCommand>;

export const SUBSCRIPTIONS_COMMANDS = {
  create: defineCommand({
    name: 'payins.create_subscription',
    summary: 'start charging a stored card every interval',
    request: createSubscriptionCommand,
    reply: z.object({ subscription: subscriptionView, created: z.boolean() }),
  }),
  list: defineCommand({
    name: 'payins.list_subscriptions',
    summary: "an account's subscriptions, newest first",
    request: listSubscriptionsCommand,
    reply: z.object({ subscriptions: z.array(subscriptionView) }),
  }),
  get: defineCommand({
    name: 'payins.get_subscription',
    summary: "one of the account's subscriptions",
    request: getSubscriptionCommand,
    reply: subscriptionView,
  }),
  change: defineCommand({
    name: 'payins.change_subscription',
    summary: 'pause, resume or cancel a subscription',
    request: changeSubscriptionCommand,
    reply: subscriptionView,
  }),
  list_charges: defineCommand({
    name: 'payins.list_subscription_charges',
    summary: "a subscription's charges, newest first",
    request: listSubscriptionChargesCommand,
    reply: z.object({ charges: z.array(subscriptionChargeView) }),
  }),
  advance_sandbox: defineCommand({
    name: 'payins.advance_sandbox_subscription',
    summary: 'sandbox: run the next charge of a subscription now',
    request: getSubscriptionCommand,
    reply: subscriptionChargeView,
  }),
} as const;
