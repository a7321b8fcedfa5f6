import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';

/**
 * Wallet links (decisions D9): an account proves it controls an external TRON or Ethereum
 * address by signing a challenge message with it. The gateway checks only the shape of a
 * request; the crypto-wallets service judges the chain, the address and the signature.
 */
const id = z.string().min(1).max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const WALLET_LINK_CHAINS = ['tron', 'eth'] as const;
export type WalletLinkChain = (typeof WALLET_LINK_CHAINS)[number];

/** `POST /v1/wallet-links/challenges`. */
export const createWalletLinkChallengeBody = z
  .object({
    chain: z.string().max(40).describe('`tron` or `eth` (`unsupported_chain` otherwise)'),
    address: z.string().max(200).describe('an address of that chain (`invalid_payload`)'),
  })
  .strict();
export type CreateWalletLinkChallengeBody = z.infer<typeof createWalletLinkChallengeBody>;

export const createWalletLinkChallengeCommand = z
  .object({ account_id: id, org_id: id, ...createWalletLinkChallengeBody.shape })
  .strict();
export type CreateWalletLinkChallengeCommand = z.infer<typeof createWalletLinkChallengeCommand>;

export const walletLinkChallengeResource = z.object({
  challenge_id: z.string(),
  message: z.string().describe('the exact text to sign with the wallet, byte for byte'),
  expires_at: instant,
});
export type WalletLinkChallengeResource = z.infer<typeof walletLinkChallengeResource>;

/** `POST /v1/wallet-links/verify`. */
export const verifyWalletLinkBody = z
  .object({
    challenge_id: z.string().max(200),
    signature: z
      .string()
      .max(1000)
      .describe(
        '`0x` and 130 hex digits: EIP-191 `personal_sign` (eth) or TRON `signMessageV2` (tron)',
      ),
  })
  .strict();
export type VerifyWalletLinkBody = z.infer<typeof verifyWalletLinkBody>;

export const verifyWalletLinkCommand = z
  .object({ account_id: id, org_id: id, ...verifyWalletLinkBody.shape })
  .strict();
export type VerifyWalletLinkCommand = z.infer<typeof verifyWalletLinkCommand>;

export const walletLinkResource = z.object({
  link_id: z.string(),
  chain: z.enum(WALLET_LINK_CHAINS),
  address: z.string(),
  linked_at: instant,
});
export type WalletLinkResource = z.infer<typeof walletLinkResource>;

export const listWalletLinksCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListWalletLinksCommand = z.infer<typeof listWalletLinksCommand>;

export const deleteWalletLinkCommand = z.object({ account_id: id, link_id: id }).strict();
export type DeleteWalletLinkCommand = z.infer<typeof deleteWalletLinkCommand>;

export const WALLET_LINK_COMMANDS = {
  create_challenge: defineCommand({
    name: 'crypto-wallets.create_wallet_link_challenge',
    summary: 'a message for the account to sign with the external wallet it links',
    request: createWalletLinkChallengeCommand,
    reply: walletLinkChallengeResource,
  }),
  verify: defineCommand({
    name: 'crypto-wallets.verify_wallet_link',
    summary: "link the external wallet whose signature of the challenge's message is valid",
    request: verifyWalletLinkCommand,
    reply: walletLinkResource,
  }),
  list: defineCommand({
    name: 'crypto-wallets.list_wallet_links',
    summary: "the account's active wallet links, newest first",
    request: listWalletLinksCommand,
    reply: z.object({ links: z.array(walletLinkResource) }),
  }),
  delete: defineCommand({
    name: 'crypto-wallets.delete_wallet_link',
    summary: "unlink one of the account's external wallets",
    request: deleteWalletLinkCommand,
    reply: z.object({ link_id: z.string(), deleted: z.literal(true) }),
  }),
} as const;
