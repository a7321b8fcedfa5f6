import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { clientAmountText } from '../client-amount';
import { filterDateSchema } from '../filter-dates';

/**
 * On-chain crypto withdrawals (decisions D9): the account's balance leaves to an external address,
 * under the Travel Rule and the transactional firewall. The gateway checks only the shape of a
 * request; the crypto-wallets service judges chain, asset, amount and address with the spec's
 * codes.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const CRYPTO_WITHDRAWAL_STATUSES = [
  'pending',
  'in_review',
  'processing',
  'completed',
  'failed',
] as const;
export type CryptoWithdrawalStatus = (typeof CRYPTO_WITHDRAWAL_STATUSES)[number];

export const TRAVEL_RULE_STATUSES = ['not_required', 'self_hosted_attested', 'approved'] as const;
export type TravelRuleStatus = (typeof TRAVEL_RULE_STATUSES)[number];

export const WALLET_TYPES = ['hosted', 'self_hosted'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * The platform's withdrawal fee per chain and asset, in the asset withdrawn (decimal text): a flat
 * fee that covers the network fee the platform pays in the chain's native coin (TRX energy, ETH
 * gas, BTC bytes), so it is higher where gas is dear. Here so that the API documents the same
 * table the service charges.
 */
export const CRYPTO_WITHDRAWAL_FEES = {
  tron: { USDT: '1.000000' },
  eth: { USDT: '5.000000', USDC: '5.000000' },
  btc: { BTC: '0.00010000' },
} as const;

/** `POST /v1/crypto/withdrawals` as a client sends it; its values are judged by the service. */
export const createCryptoWithdrawalBody = z
  .object({
    chain: z.string().max(40).describe('`tron`, `eth` or `btc` (`unsupported_chain`)'),
    asset: z.string().max(40).describe('USDT on tron and eth, USDC on eth, BTC on btc'),
    amount: clientAmountText.describe('decimal string in `asset`, at most its decimals'),
    to_address: z.string().max(200).optional().describe('an address of `chain`'),
    idempotency_key: z.string().max(10_000).optional(),
    travel_address: z
      .string()
      .max(200)
      .optional()
      .describe("the beneficiary's Travel Rule address at its exchange (hosted wallets)"),
    wallet_type: z
      .string()
      .max(40)
      .optional()
      .describe('`self_hosted` for a wallet the account controls (a linked wallet); else hosted'),
    beneficiary_name: z.string().max(1000).optional().describe('1 to 200 characters'),
  })
  .strict();
export type CreateCryptoWithdrawalBody = z.infer<typeof createCryptoWithdrawalBody>;

export const cryptoWithdrawalResource = z.object({
  withdrawal_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  amount: z.string().describe('sent to `to_address`, in `asset`'),
  fee: z.string().describe("the platform's withdrawal fee, in `asset`, debited beside `amount`"),
  to_address: z.string(),
  tx_id: z.string().nullable().describe('the transaction id once broadcast'),
  status: z.enum(CRYPTO_WITHDRAWAL_STATUSES),
  travel_rule_status: z.enum(TRAVEL_RULE_STATUSES),
  review_id: z.string().nullable().describe('the firewall review holding it, if any'),
  idempotency_key: z.string(),
  created_at: instant,
  updated_at: instant,
});
export type CryptoWithdrawalResource = z.infer<typeof cryptoWithdrawalResource>;

export const createCryptoWithdrawalCommand = z
  .object({
    account_id: id,
    org_id: id,
    /** The key the gateway chose (`idempotencyKeyOf`); null when the client sent none. */
    idempotency_key: z.string().max(10_000).nullable(),
    request: createCryptoWithdrawalBody.omit({ idempotency_key: true }),
  })
  .strict();
export type CreateCryptoWithdrawalCommand = z.infer<typeof createCryptoWithdrawalCommand>;

export const getCryptoWithdrawalCommand = z.object({ account_id: id, withdrawal_id: id }).strict();
export type GetCryptoWithdrawalCommand = z.infer<typeof getCryptoWithdrawalCommand>;

/** Listing filters as the gateway checked them; dates are in the organization's time zone. */
export const listCryptoWithdrawalsCommand = z
  .object({
    account_id: id,
    org_id: id,
    status: z.enum(CRYPTO_WITHDRAWAL_STATUSES).optional(),
    chain: z.string().max(40).optional(),
    asset: z.string().max(40).optional(),
    from: filterDateSchema.optional(),
    to: filterDateSchema.optional(),
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListCryptoWithdrawalsCommand = z.infer<typeof listCryptoWithdrawalsCommand>;

/** A firewall review's outcome for the withdrawal it holds (compliance tells crypto-wallets). */
export const withdrawalReviewOutcomeCommand = z.object({ withdrawal_id: id }).strict();
export type WithdrawalReviewOutcomeCommand = z.infer<typeof withdrawalReviewOutcomeCommand>;

/** `compliance.open_withdrawal_review`: holds a withdrawal to a severe-risk destination. */
export const openWithdrawalReviewCommand = z
  .object({ withdrawal_id: id, account_id: id, org_id: id, reason: z.string().max(500) })
  .strict();
export type OpenWithdrawalReviewCommand = z.infer<typeof openWithdrawalReviewCommand>;

/**
 * Live Travel Rule (no Travel Rule network is connected): a hosted withdrawal's originator and
 * beneficiary data is recorded for the operator, who exchanges it with the beneficiary's exchange
 * and records its answer; the client's retry with the same key then proceeds or is refused.
 */
export const TRAVEL_RULE_TRANSFER_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'partial',
] as const;
export const travelRuleTransferResource = z.object({
  transfer_id: z.string(),
  account_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  amount: z.string(),
  to_address: z.string(),
  travel_address: z.string(),
  beneficiary_name: z.string(),
  status: z.enum(TRAVEL_RULE_TRANSFER_STATUSES),
  created_at: instant,
  decided_at: instant.nullable(),
});
export type TravelRuleTransferResource = z.infer<typeof travelRuleTransferResource>;

export const listTravelRuleTransfersCommand = z
  .object({
    status: z.enum(TRAVEL_RULE_TRANSFER_STATUSES).optional(),
    limit: z.number().int().min(1).max(500),
  })
  .strict();
export type ListTravelRuleTransfersCommand = z.infer<typeof listTravelRuleTransfersCommand>;

/** `POST /admin/v1/crypto/travel-rule/{id}/decision`: the counterparty's answer. */
export const travelRuleDecisionBody = z
  .object({ decision: z.enum(['approve', 'reject', 'partial']) })
  .strict();
export const decideTravelRuleTransferCommand = travelRuleDecisionBody
  .extend({ transfer_id: id })
  .strict();
export type DecideTravelRuleTransferCommand = z.infer<typeof decideTravelRuleTransferCommand>;

export const CRYPTO_WITHDRAWAL_COMMANDS = {
  create: defineCommand({
    name: 'crypto-wallets.create_withdrawal',
    summary: 'withdraw to an external address: Travel Rule, firewall, hold, broadcast (idempotent)',
    request: createCryptoWithdrawalCommand,
    reply: cryptoWithdrawalResource,
  }),
  get: defineCommand({
    name: 'crypto-wallets.get_withdrawal',
    summary: "one of the account's crypto withdrawals",
    request: getCryptoWithdrawalCommand,
    reply: cryptoWithdrawalResource,
  }),
  list: defineCommand({
    name: 'crypto-wallets.list_withdrawals',
    summary: "the account's crypto withdrawals, newest first, filtered",
    request: listCryptoWithdrawalsCommand,
    reply: z.object({ withdrawals: z.array(cryptoWithdrawalResource) }),
  }),
  release_review: defineCommand({
    name: 'crypto-wallets.release_withdrawal_review',
    summary: 'a held withdrawal is released by its review: it is broadcast',
    request: withdrawalReviewOutcomeCommand,
    reply: cryptoWithdrawalResource,
  }),
  reject_review: defineCommand({
    name: 'crypto-wallets.reject_withdrawal_review',
    summary: 'a held withdrawal is rejected by its review: the hold is released, it fails',
    request: withdrawalReviewOutcomeCommand,
    reply: cryptoWithdrawalResource,
  }),
  list_travel_rule_transfers: defineCommand({
    name: 'crypto-wallets.list_travel_rule_transfers',
    summary: 'live Travel Rule transfers for the operator, oldest first',
    request: listTravelRuleTransfersCommand,
    reply: z.object({ transfers: z.array(travelRuleTransferResource) }),
  }),
  decide_travel_rule_transfer: defineCommand({
    name: 'crypto-wallets.decide_travel_rule_transfer',
    summary: "the operator records the beneficiary exchange's answer to a Travel Rule transfer",
    request: decideTravelRuleTransferCommand,
    reply: travelRuleTransferResource,
  }),
  open_review: defineCommand({
    name: 'compliance.open_withdrawal_review',
    summary: 'open (or answer the open) firewall review of a withdrawal to a severe destination',
    request: openWithdrawalReviewCommand,
    reply: z.object({ review_id: z.string() }),
  }),
} as const;
