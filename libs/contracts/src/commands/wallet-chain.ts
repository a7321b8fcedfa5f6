import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { PLATFORM_LOCALES } from '../locales';

/**
 * Segregated wallets on chain (decisions D9, spec §4): balance, deposits, transactions, sends
 * and their receipts, auto-forward, and the sandbox's external movements. The ledger is never
 * touched by these wallets (the coins are the client's, on chain); the gateway checks only the
 * shape of a request and the crypto-wallets service judges values with the spec's codes.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
const walletRef = { account_id: id, wallet_id: id };
const decimal = z.string().describe('decimal text');

export const WALLET_SEND_STATUSES = ['pending', 'broadcast', 'completed', 'failed'] as const;
export type WalletSendStatusValue = (typeof WALLET_SEND_STATUSES)[number];
export const WALLET_MOVEMENT_STATUSES = ['pending', 'confirmed', 'failed'] as const;

export const walletBalanceResource = z.object({
  wallet_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  balance: decimal.describe("the wallet's confirmed balance of `asset`"),
  native_coin: z.string().describe('the chain’s native coin, which pays network fees (gas)'),
  native_balance: decimal.describe('the confirmed balance of `native_coin`, net of fees paid'),
  pending_incoming: decimal
    .optional()
    .describe('`asset` seen on chain but not yet confirmed (absent when none)'),
});

export const walletDepositResource = z.object({
  deposit_id: z.string(),
  wallet_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  tx_id: z.string(),
  from_address: z.string(),
  amount: decimal,
  amount_raw: z.string().describe('`amount` as an integer of the asset’s smallest unit'),
  status: z.enum(WALLET_MOVEMENT_STATUSES),
  forward: z
    .object({
      status: z.enum(['forwarding', 'forwarded', 'failed']),
      send_id: z.string().nullable(),
      reason: z.string().nullable().describe('why the deposit could not be forwarded'),
    })
    .nullable()
    .describe('auto-forward of the deposit, null when auto-forward was off'),
  created_at: instant,
});

export const walletTransactionResource = z.object({
  transaction_id: z.string(),
  wallet_id: z.string(),
  direction: z.enum(['in', 'out']),
  kind: z
    .enum(['deposit', 'send', 'external'])
    .describe('`deposit` received, the platform’s `send`, or an `external` movement'),
  chain: z.string(),
  asset: z.string().describe('the wallet’s asset, or the chain’s native coin'),
  tx_id: z.string(),
  counterparty_address: z.string(),
  amount: decimal,
  amount_raw: z.string(),
  network_fee: decimal.nullable().describe('native coin the wallet paid (outbound only)'),
  status: z.enum(WALLET_MOVEMENT_STATUSES),
  send_id: z.string().nullable(),
  created_at: instant,
});

export const walletSendResource = z.object({
  send_id: z.string(),
  wallet_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  to_address: z.string(),
  amount: decimal,
  network_fee: decimal.describe('in the chain’s native coin, paid by the wallet'),
  tx_id: z.string().nullable(),
  status: z.enum(WALLET_SEND_STATUSES),
  failure_reason: z.string().nullable(),
  idempotency_key: z.string(),
  created_at: instant,
});
export type WalletSendResource = z.infer<typeof walletSendResource>;

/** `POST /v1/segregated-wallets/{id}/sends`: values are judged by the service. */
export const createWalletSendBody = z
  .object({
    to_address: z.unknown().optional().describe('an address of the wallet’s chain'),
    amount: z.unknown().optional().describe('decimal text of the wallet’s asset'),
    idempotency_key: z.unknown().optional().describe('required'),
  })
  .strict();
export type CreateWalletSendBody = z.infer<typeof createWalletSendBody>;
export const createWalletSendCommand = z
  .object({ ...walletRef, org_id: id, ...createWalletSendBody.shape })
  .strict();
export type CreateWalletSendCommand = z.infer<typeof createWalletSendCommand>;

const pageOf = {
  limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
  offset: z.number().int().min(0),
};
export const walletPageCommand = z.object({ ...walletRef, ...pageOf }).strict();
export type WalletPageCommand = z.infer<typeof walletPageCommand>;
export const walletRefCommand = z.object(walletRef).strict();
export type WalletRefCommand = z.infer<typeof walletRefCommand>;
export const walletSendRefCommand = z.object({ ...walletRef, send_id: id }).strict();
export type WalletSendRefCommand = z.infer<typeof walletSendRefCommand>;
export const walletSendReceiptCommand = z
  .object({ ...walletRef, send_id: id, locale: z.enum(PLATFORM_LOCALES) })
  .strict();
export type WalletSendReceiptCommand = z.infer<typeof walletSendReceiptCommand>;

/** `GET|POST /v1/segregated-wallets/{id}/auto-forward`. */
export const autoForwardBody = z.object({ enabled: z.boolean() }).strict();
export type AutoForwardBody = z.infer<typeof autoForwardBody>;
export const setAutoForwardCommand = z
  .object({ ...walletRef, org_id: id, ...autoForwardBody.shape })
  .strict();
export type SetAutoForwardCommand = z.infer<typeof setAutoForwardCommand>;
export const autoForwardResource = z.object({ wallet_id: z.string(), enabled: z.boolean() });

/** `POST /v1/sandbox/segregated-wallets/{id}/external-movements`. */
export const externalMovementBody = z
  .object({
    direction: z.unknown().optional().describe('`in` or `out`'),
    amount: z.unknown().optional().describe('decimal text'),
    asset: z
      .unknown()
      .optional()
      .describe('the wallet’s asset (default) or the chain’s native coin (TRX, ETH)'),
  })
  .strict();
export type ExternalMovementBody = z.infer<typeof externalMovementBody>;
export const externalMovementCommand = z
  .object({ ...walletRef, ...externalMovementBody.shape })
  .strict();
export type ExternalMovementCommand = z.infer<typeof externalMovementCommand>;
export const externalMovementResource = z.object({
  wallet_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  direction: z.enum(['in', 'out']),
  amount: decimal,
  tx_id: z.string(),
  from_address: z.string(),
  to_address: z.string(),
});

export const WALLET_CHAIN_COMMANDS = {
  balance: defineCommand({
    name: 'crypto-wallets.segregated_wallet_balance',
    summary: "a segregated wallet's on-chain balance of its asset and native coin",
    request: walletRefCommand,
    reply: walletBalanceResource,
  }),
  list_deposits: defineCommand({
    name: 'crypto-wallets.list_segregated_wallet_deposits',
    summary: "a segregated wallet's deposits, newest first",
    request: walletPageCommand,
    reply: z.object({ deposits: z.array(walletDepositResource) }),
  }),
  list_transactions: defineCommand({
    name: 'crypto-wallets.list_wallet_chain_transactions',
    summary: "a segregated wallet's transfers in both directions, newest first",
    request: walletPageCommand,
    reply: z.object({ transactions: z.array(walletTransactionResource) }),
  }),
  create_send: defineCommand({
    name: 'crypto-wallets.create_wallet_send',
    summary: 'a send from a segregated wallet, signed with its key and broadcast',
    request: createWalletSendCommand,
    reply: walletSendResource,
  }),
  list_sends: defineCommand({
    name: 'crypto-wallets.list_wallet_sends',
    summary: "a segregated wallet's sends, newest first",
    request: walletPageCommand,
    reply: z.object({ sends: z.array(walletSendResource) }),
  }),
  get_send: defineCommand({
    name: 'crypto-wallets.get_wallet_send',
    summary: "one of a segregated wallet's sends",
    request: walletSendRefCommand,
    reply: walletSendResource,
  }),
  send_receipt: defineCommand({
    name: 'crypto-wallets.wallet_send_receipt',
    summary: "a send's receipt PDF, base64 encoded",
    request: walletSendReceiptCommand,
    reply: z.object({ filename: z.string(), pdf_base64: z.string() }),
  }),
  get_auto_forward: defineCommand({
    name: 'crypto-wallets.get_wallet_auto_forward',
    summary: "a segregated wallet's auto-forward setting",
    request: walletRefCommand,
    reply: autoForwardResource,
  }),
  set_auto_forward: defineCommand({
    name: 'crypto-wallets.set_wallet_auto_forward',
    summary: "turns a segregated wallet's auto-forward on or off",
    request: setAutoForwardCommand,
    reply: autoForwardResource,
  }),
  external_movement: defineCommand({
    name: 'crypto-wallets.sandbox_wallet_external_movement',
    summary: 'sandbox: a transfer at a segregated wallet that the platform did not make',
    request: externalMovementCommand,
    reply: externalMovementResource,
  }),
} as const;
