import { z } from 'zod';
import { defineCommand } from '../catalog/define';

/**
 * Cards (issue 17): virtual and physical cards of an account, their states, the occupation and
 * business-activity catalogs, the card data behind OTP, sandbox card transactions and the
 * monthly fee. The gateway checks only the shape of a request (bounded strings); the cards
 * service judges every value and answers the spec's codes.
 */
const id = z.string().min(1).max(200);
const text = z.string().max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
/** The key the gateway chose (`idempotencyKeyOf`); null when the client sent none. */
const chosenIdempotencyKey = z.string().max(10_000).nullable();

export const CARD_TYPES = ['virtual', 'physical'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_STATUSES = ['pending_activation', 'active', 'frozen', 'cancelled'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Why a card changed state: the holder asked, or the monthly fee could not be charged. */
export const CARD_STATUS_REASONS = ['user_requested', 'monthly_fee_unpaid'] as const;
export type CardStatusReason = (typeof CARD_STATUS_REASONS)[number];

export const CARD_TRANSACTION_KINDS = ['authorization', 'reversal', 'adjustment'] as const;
export type CardTransactionKind = (typeof CARD_TRANSACTION_KINDS)[number];

export const CARD_TRANSACTION_STATUSES = [
  'authorized',
  'declined',
  'reversed',
  'adjusted',
] as const;
export type CardTransactionStatus = (typeof CARD_TRANSACTION_STATUSES)[number];

export const CARD_DECLINE_REASONS = [
  'insufficient_funds',
  'card_frozen',
  'card_cancelled',
  'card_not_active',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

export const CARD_CATALOG_LOCALES = ['en', 'es', 'zh'] as const;

const shippingAddressBody = z
  .object({
    line1: text.optional(),
    line2: text.optional(),
    city: text.optional(),
    region: text.optional(),
    postal_code: text.optional(),
    country: text.optional().describe('ISO 3166-1 alpha-2'),
  })
  .strict()
  .describe('where a physical card is sent: line1, city, postal_code and country are needed');

/** `POST /v1/cards`. */
export const issueCardBody = z
  .object({
    type: text.describe('`virtual` (active at once) or `physical` (`pending_activation`)'),
    cardholder: z
      .object({ first_name: text, last_name: text })
      .strict()
      .describe('printed as `FIRST LAST` in latin capitals, at most 22 characters'),
    occupation: text.optional().describe('a code of the occupations catalog'),
    business_activity: text.optional().describe('a code of the business-activities catalog'),
    shipping_address: shippingAddressBody.optional(),
    idempotency_key: z.string().max(10_000).optional(),
  })
  .strict();
export type IssueCardBody = z.infer<typeof issueCardBody>;

export const issueCardCommand = z
  .object({
    account_id: id,
    org_id: id,
    ...issueCardBody.omit({ idempotency_key: true }).shape,
    idempotency_key: chosenIdempotencyKey,
  })
  .strict();
export type IssueCardCommand = z.infer<typeof issueCardCommand>;

/** A card as the API answers it: never the full number nor the security code. */
export const cardResource = z.object({
  card_id: z.string(),
  account_id: z.string(),
  type: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  reason: z
    .enum(CARD_STATUS_REASONS)
    .nullable()
    .describe(
      'why the card has its status (a frozen card: `user_requested` or `monthly_fee_unpaid`)',
    ),
  last4: z.string(),
  expiry: z.string().describe('`MM/YY`'),
  cardholder_name: z.string(),
  occupation: z.string().nullable(),
  business_activity: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
  idempotency_key: z.string().optional(),
});
export type CardResource = z.infer<typeof cardResource>;

export const cardRefCommand = z.object({ account_id: id, card_id: id }).strict();
export type CardRefCommand = z.infer<typeof cardRefCommand>;

export const listCardsCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(10_001),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListCardsCommand = z.infer<typeof listCardsCommand>;

/** `GET /v1/cards/{id}/sensitive` (behind OTP): from the issuer, never stored by the platform. */
export const cardSensitiveResource = z.object({
  card_id: z.string(),
  pan: z.string(),
  cvv: z.string(),
  expiry: z.string().describe('`MM/YY`'),
});

/** `GET /v1/cards/catalog/occupations?q=` and `/business-activities?q=`. */
export const searchCardCatalogCommand = z
  .object({ q: z.string().max(200).nullable(), lang: z.string().max(20).nullable() })
  .strict();
export const cardCatalogEntry = z.object({ code: z.string(), label: z.string() });
export const cardCatalogReply = z.object({ entries: z.array(cardCatalogEntry) });

/** `POST /v1/sandbox/cards/{id}/transactions`. */
export const sandboxCardTransactionBody = z
  .object({
    amount: z
      .string()
      .max(100)
      .optional()
      .describe(
        "decimal string in the account's settlement asset (authorization: the amount; adjustment: the final amount)",
      ),
    merchant: text.optional().describe('the merchant name (required for an authorization)'),
    kind: text.describe('`authorization`, `reversal` or `adjustment`'),
    transaction_id: text
      .optional()
      .describe(
        'authorization: an id of your choosing (a retry answers the same); reversal and adjustment: the authorization they end',
      ),
  })
  .strict();
export type SandboxCardTransactionBody = z.infer<typeof sandboxCardTransactionBody>;
export const sandboxCardTransactionCommand = z
  .object({ account_id: id, card_id: id, ...sandboxCardTransactionBody.shape })
  .strict();
export type SandboxCardTransactionCommand = z.infer<typeof sandboxCardTransactionCommand>;

export const cardTransactionResource = z.object({
  transaction_id: z.string(),
  card_id: z.string(),
  status: z.enum(CARD_TRANSACTION_STATUSES),
  amount: z.string().describe('the authorized amount, or the final one once adjusted'),
  authorized_amount: z.string(),
  asset: z.string(),
  merchant: z.string(),
  decline_reason: z.enum(CARD_DECLINE_REASONS).nullable(),
  created_at: instant,
  updated_at: instant,
});
export type CardTransactionResource = z.infer<typeof cardTransactionResource>;

export const listCardTransactionsCommand = listCardsCommand.extend({ card_id: id }).strict();

/** `POST /v1/sandbox/cards/fees/run`: the monthly fee run for the caller's cards. */
export const runCardFeesBody = z
  .object({ month: z.string().max(20).describe('`YYYY-MM`') })
  .strict();
export const runCardFeesCommand = z.object({ account_id: id, month: z.string().max(20) }).strict();
export const cardFeeRunReply = z.object({
  month: z.string(),
  charged: z.number().int(),
  unpaid: z.number().int(),
  already_settled: z.number().int(),
});
export type CardFeeRunReply = z.infer<typeof cardFeeRunReply>;

export const CARDS_COMMANDS = {
  issue_card: defineCommand({
    name: 'cards.issue_card',
    summary: 'issue a virtual or physical card to the account',
    request: issueCardCommand,
    reply: cardResource,
  }),
  get_card: defineCommand({
    name: 'cards.get_card',
    summary: "one of the account's cards",
    request: cardRefCommand,
    reply: cardResource,
  }),
  list_cards: defineCommand({
    name: 'cards.list_cards',
    summary: "the account's cards, newest first",
    request: listCardsCommand,
    reply: z.object({ cards: z.array(cardResource) }),
  }),
  activate_card: defineCommand({
    name: 'cards.activate_card',
    summary: 'activate a physical card that is pending activation',
    request: cardRefCommand,
    reply: cardResource,
  }),
  freeze_card: defineCommand({
    name: 'cards.freeze_card',
    summary: 'freeze a card at the holder’s request',
    request: cardRefCommand,
    reply: cardResource,
  }),
  unfreeze_card: defineCommand({
    name: 'cards.unfreeze_card',
    summary: 'unfreeze a card (charging an unpaid monthly fee first)',
    request: cardRefCommand,
    reply: cardResource,
  }),
  cancel_card: defineCommand({
    name: 'cards.cancel_card',
    summary: 'cancel a card for good',
    request: cardRefCommand,
    reply: cardResource,
  }),
  reveal_card: defineCommand({
    name: 'cards.reveal_card',
    summary: "the card's number and security code, read from the issuer",
    request: cardRefCommand,
    reply: cardSensitiveResource,
  }),
  search_occupations: defineCommand({
    name: 'cards.search_occupations',
    summary: 'search the occupations catalog',
    request: searchCardCatalogCommand,
    reply: cardCatalogReply,
  }),
  search_business_activities: defineCommand({
    name: 'cards.search_business_activities',
    summary: 'search the business-activities catalog',
    request: searchCardCatalogCommand,
    reply: cardCatalogReply,
  }),
  sandbox_transaction: defineCommand({
    name: 'cards.sandbox_transaction',
    summary: 'sandbox: simulate a card authorization, reversal or adjustment',
    request: sandboxCardTransactionCommand,
    reply: cardTransactionResource,
  }),
  list_transactions: defineCommand({
    name: 'cards.list_transactions',
    summary: "a card's transactions, newest first",
    request: listCardTransactionsCommand,
    reply: z.object({ transactions: z.array(cardTransactionResource) }),
  }),
  run_fees: defineCommand({
    name: 'cards.run_fees',
    summary: "sandbox: charge the monthly fee of the account's cards for a month",
    request: runCardFeesCommand,
    reply: cardFeeRunReply,
  }),
} as const;
