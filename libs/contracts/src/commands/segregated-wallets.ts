import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';

/**
 * Segregated wallets (decisions D9, spec §4): on-chain wallets of one account, held by the
 * platform (`custody: platform`, a key derived from the environment's seed) or imported by the
 * client (`custody: client`, its key stored only sealed). The gateway checks only the shape of a
 * request; the crypto-wallets service judges chain, asset, key and limits. A private key travels
 * only in the import request and the export reply, and is never logged or put in an event.
 */
const id = z.string().min(1).max(200);
const actor = { account_id: id, org_id: id };
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const SEGREGATED_WALLET_CHAINS = ['tron', 'eth'] as const;
export const WALLET_CUSTODIES = ['platform', 'client'] as const;
export type WalletCustody = (typeof WALLET_CUSTODIES)[number];
export const MAX_SEGREGATED_WALLETS = 10;
export const MAX_WALLET_LABEL_LENGTH = 100;
export const MAX_SIGNED_MESSAGE_LENGTH = 2000;

const chainInput = z.string().max(40).describe('`tron` or `eth` (`unsupported_chain` otherwise)');
const assetInput = z
  .string()
  .max(40)
  .describe('USDT on tron; USDT or USDC on eth (`invalid_asset` otherwise)');
const labelInput = z
  .string()
  .max(MAX_WALLET_LABEL_LENGTH)
  .describe(`up to ${MAX_WALLET_LABEL_LENGTH} characters`);

/** `POST /v1/segregated-wallets`. */
export const createSegregatedWalletBody = z
  .object({ chain: chainInput, asset: assetInput, label: labelInput.optional() })
  .strict();
export type CreateSegregatedWalletBody = z.infer<typeof createSegregatedWalletBody>;
export const createSegregatedWalletCommand = z
  .object({ ...actor, ...createSegregatedWalletBody.shape })
  .strict();
export type CreateSegregatedWalletCommand = z.infer<typeof createSegregatedWalletCommand>;

/** `POST /v1/segregated-wallets/import`. */
export const importSegregatedWalletBody = z
  .object({
    chain: chainInput,
    private_key: z
      .string()
      .max(200)
      .describe('the secp256k1 private key, 64 hex digits (with or without `0x`)'),
    asset: assetInput.optional().describe('default USDT'),
    label: labelInput.optional(),
  })
  .strict();
export type ImportSegregatedWalletBody = z.infer<typeof importSegregatedWalletBody>;
export const importSegregatedWalletCommand = z
  .object({ ...actor, ...importSegregatedWalletBody.shape })
  .strict();
export type ImportSegregatedWalletCommand = z.infer<typeof importSegregatedWalletCommand>;

export const segregatedWalletResource = z.object({
  wallet_id: z.string(),
  type: z.literal('segregated'),
  custody: z.enum(WALLET_CUSTODIES),
  chain: z.enum(SEGREGATED_WALLET_CHAINS),
  asset: z.string(),
  address: z.string(),
  label: z.string().nullable(),
  created_at: instant,
});
export type SegregatedWalletResource = z.infer<typeof segregatedWalletResource>;

export const listSegregatedWalletsCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListSegregatedWalletsCommand = z.infer<typeof listSegregatedWalletsCommand>;

export const getSegregatedWalletCommand = z.object({ account_id: id, wallet_id: id }).strict();
export type GetSegregatedWalletCommand = z.infer<typeof getSegregatedWalletCommand>;

/** `POST /v1/segregated-wallets/{id}/export`. */
export const exportWalletKeyCommand = z.object({ ...actor, wallet_id: id }).strict();
export type ExportWalletKeyCommand = z.infer<typeof exportWalletKeyCommand>;
export const exportedWalletKey = z.object({
  wallet_id: z.string(),
  address: z.string(),
  private_key: z.string().describe('64 hex digits; answered once per call, never stored here'),
});

/** `POST /v1/segregated-wallets/{id}/signatures`. */
export const signWalletMessageBody = z
  .object({
    message: z
      .string()
      .min(1)
      .max(MAX_SIGNED_MESSAGE_LENGTH)
      .describe(`the text to sign, 1 to ${MAX_SIGNED_MESSAGE_LENGTH} characters`),
  })
  .strict();
export type SignWalletMessageBody = z.infer<typeof signWalletMessageBody>;
export const signWalletMessageCommand = z
  .object({ account_id: id, wallet_id: id, ...signWalletMessageBody.shape })
  .strict();
export type SignWalletMessageCommand = z.infer<typeof signWalletMessageCommand>;
export const walletMessageSignature = z.object({
  signature: z
    .string()
    .describe(
      '`0x` + r, s, v (65 bytes): EIP-191 `personal_sign` on eth, TRON `signMessageV2` on tron',
    ),
  address: z.string(),
  chain: z.enum(SEGREGATED_WALLET_CHAINS),
  message: z.string(),
});

export const SEGREGATED_WALLET_COMMANDS = {
  create: defineCommand({
    name: 'crypto-wallets.create_segregated_wallet',
    summary: 'a new platform-custody segregated wallet of the account',
    request: createSegregatedWalletCommand,
    reply: segregatedWalletResource,
  }),
  import: defineCommand({
    name: 'crypto-wallets.import_segregated_wallet',
    summary: "a client-custody segregated wallet from the client's private key",
    request: importSegregatedWalletCommand,
    reply: segregatedWalletResource,
  }),
  list: defineCommand({
    name: 'crypto-wallets.list_segregated_wallets',
    summary: "the account's segregated wallets, newest first",
    request: listSegregatedWalletsCommand,
    reply: z.object({ wallets: z.array(segregatedWalletResource) }),
  }),
  get: defineCommand({
    name: 'crypto-wallets.get_segregated_wallet',
    summary: "one of the account's segregated wallets",
    request: getSegregatedWalletCommand,
    reply: segregatedWalletResource,
  }),
  export_key: defineCommand({
    name: 'crypto-wallets.export_wallet_key',
    summary: "a segregated wallet's private key, for its owner (emits wallet_key_exported)",
    request: exportWalletKeyCommand,
    reply: exportedWalletKey,
  }),
  sign_message: defineCommand({
    name: 'crypto-wallets.sign_wallet_message',
    summary: "a segregated wallet's signature of a message (EIP-191 or TRON message signing)",
    request: signWalletMessageCommand,
    reply: walletMessageSignature,
  }),
} as const;
