import { z } from 'zod';
import { defineCommand } from '../catalog/define';

/**
 * Crypto deposit wallets and on-chain deposits (decisions D9), and the operator's feed of the
 * live chain. The gateway checks only the shape of a request; the crypto-wallets service judges
 * chain, asset, address and amount with the spec's codes.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
const decimal = z.string().describe('decimal string');
const text = z.string().max(400);
const listing = { limit: z.number().int().min(1).max(101), offset: z.number().int().min(0) };

export const CRYPTO_DEPOSIT_STATUSES = [
  'pending',
  'credited',
  'held',
  'failed',
  'rejected',
] as const;
export type CryptoDepositStatus = (typeof CRYPTO_DEPOSIT_STATUSES)[number];
export const ADDRESS_RISKS = ['low', 'medium', 'high', 'severe'] as const;
export type AddressRiskLevel = (typeof ADDRESS_RISKS)[number];

/** `POST /v1/crypto/wallets`. */
export const createCryptoWalletBody = z
  .object({
    chain: text.describe('`tron`, `eth` or `btc` (`unsupported_chain`)'),
    asset: text.describe('an asset the chain carries: USDT on tron; USDT, USDC on eth; BTC on btc'),
  })
  .strict();

export const cryptoWalletResource = z.object({
  wallet_id: z.string(),
  type: z.literal('deposit'),
  receive_only: z.literal(true),
  chain: z.string(),
  asset: z.string(),
  address: z.string().describe('send the asset here, on this chain only'),
  created_at: instant,
});
export type CryptoWalletResource = z.infer<typeof cryptoWalletResource>;

export const createCryptoWalletCommand = z
  .object({ account_id: id, org_id: id, chain: text, asset: text })
  .strict();
export const createCryptoWalletReply = z.object({
  wallet: cryptoWalletResource,
  created: z.boolean().describe('false when the account already had this wallet'),
});

export const listCryptoWalletsCommand = z.object({ account_id: id }).strict();

export const cryptoDepositResource = z.object({
  deposit_id: z.string(),
  account_id: z.string(),
  wallet_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  tx_id: z.string(),
  from_address: z.string(),
  to_address: z.string(),
  amount: decimal,
  fee: decimal.describe('deposit fee, in the asset: always 0'),
  status: z.enum(CRYPTO_DEPOSIT_STATUSES),
  risk: z.enum(ADDRESS_RISKS).nullable().describe("the sender's address risk, once confirmed"),
  hold_id: z.string().nullable().describe('set while a deposit is held for sender risk'),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  created_at: instant,
  updated_at: instant,
});
export type CryptoDepositResource = z.infer<typeof cryptoDepositResource>;

/** `POST /v1/sandbox/crypto/deposits`. */
export const sandboxCryptoDepositBody = z
  .object({
    address: text.describe("one of the account's deposit wallet addresses"),
    amount: z.string().max(100).describe("decimal in the wallet's asset (`invalid_amount`)"),
    from_address: text
      .optional()
      .describe('the sender on the same chain; ending `bad` is held, ending `risk` alerts'),
  })
  .strict();
export const sandboxCryptoDepositCommand = z
  .object({ account_id: id, ...sandboxCryptoDepositBody.shape })
  .strict();

export const listCryptoDepositsCommand = z
  .object({
    account_id: id,
    chain: text.optional(),
    asset: text.optional(),
    status: text.optional(),
    ...listing,
  })
  .strict();
export const getCryptoDepositCommand = z.object({ account_id: id, deposit_id: id }).strict();

/** A live broadcast as the operator sees it. */
export const pendingBroadcastResource = z.object({
  reference: z.string().describe('the withdrawal or send it is for'),
  chain: z.string(),
  asset: z.string(),
  from_address: z.string(),
  to_address: z.string(),
  amount: decimal,
  created_at: instant,
});

/** `POST /admin/v1/crypto/broadcasts/{reference}/tx`. */
export const reportBroadcastBody = z.object({ tx_id: text }).strict();
export const reportBroadcastCommand = z.object({ reference: id, tx_id: text }).strict();

/** `POST /admin/v1/crypto/observations`. */
export const reportObservationBody = z
  .object({
    status: text.describe('`seen`, `confirmed` or `failed`'),
    chain: text,
    asset: text,
    tx_id: text,
    from_address: text,
    to_address: text,
    amount: z.string().max(100),
    network_fee: z.string().max(100).optional().describe("in the chain's native coin"),
    confirmations: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
export type ReportObservationBody = z.infer<typeof reportObservationBody>;

export const chainObservationResource = z.object({
  cursor: z.string(),
  status: z.string(),
  chain: z.string(),
  asset: z.string(),
  tx_id: z.string(),
  from_address: z.string(),
  to_address: z.string(),
  amount: decimal,
  network_fee: decimal,
  confirmations: z.number().int(),
  reference: z.string().nullable(),
  observed_at: instant,
});

/** `POST /admin/v1/crypto/deposits/{deposit_id}/release|reject`: the operator's decision. */
export const decideDepositHoldCommand = z
  .object({ deposit_id: id, decision: z.enum(['release', 'reject']) })
  .strict();

export const CRYPTO_DEPOSIT_COMMANDS = {
  create_wallet: defineCommand({
    name: 'crypto-wallets.create_deposit_wallet',
    summary: "the account's deposit wallet of a chain and asset, created on first ask",
    request: createCryptoWalletCommand,
    reply: createCryptoWalletReply,
  }),
  list_wallets: defineCommand({
    name: 'crypto-wallets.list_deposit_wallets',
    summary: "the account's deposit wallets",
    request: listCryptoWalletsCommand,
    reply: z.object({ wallets: z.array(cryptoWalletResource) }),
  }),
  sandbox_deposit: defineCommand({
    name: 'crypto-wallets.sandbox_deposit',
    summary: 'sends a simulated inbound transfer to a deposit wallet (test only)',
    request: sandboxCryptoDepositCommand,
    reply: cryptoDepositResource,
  }),
  list_deposits: defineCommand({
    name: 'crypto-wallets.list_deposits',
    summary: "the account's crypto deposits, newest first",
    request: listCryptoDepositsCommand,
    reply: z.object({ deposits: z.array(cryptoDepositResource) }),
  }),
  get_deposit: defineCommand({
    name: 'crypto-wallets.get_deposit',
    summary: "one of the account's crypto deposits",
    request: getCryptoDepositCommand,
    reply: cryptoDepositResource,
  }),
  decide_hold: defineCommand({
    name: 'crypto-wallets.decide_deposit_hold',
    summary: "the operator releases (credits) or rejects a deposit held for its sender's risk",
    request: decideDepositHoldCommand,
    reply: cryptoDepositResource,
  }),
  pending_broadcasts: defineCommand({
    name: 'crypto-wallets.pending_broadcasts',
    summary: 'live broadcasts waiting for the operator to send them and report their tx id',
    request: z.object({ limit: z.number().int().min(1).max(500) }).strict(),
    reply: z.object({ broadcasts: z.array(pendingBroadcastResource) }),
  }),
  report_broadcast: defineCommand({
    name: 'crypto-wallets.report_broadcast',
    summary: "the operator's tx id of a live broadcast",
    request: reportBroadcastCommand,
    reply: pendingBroadcastResource.extend({ tx_id: z.string() }),
  }),
  report_observation: defineCommand({
    name: 'crypto-wallets.report_observation',
    summary: 'what the operator saw on a live chain about one transfer',
    request: reportObservationBody,
    reply: chainObservationResource,
  }),
};
