import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  type CreateWalletLinkChallengeCommand,
  type VerifyWalletLinkCommand,
  type WalletLinkChallengeResource,
  type WalletLinkResource,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { parseAddress } from '../domain/chains/addresses';
import type { Network } from '../domain/chains/chain';
import { verifyMessage } from '../domain/chains/message-signatures';
import {
  assertChallengeOpen,
  challengeExpiry,
  challengeMessage,
  linkChainOf,
} from '../domain/links/challenge';
import {
  linkResource,
  type LinkRow,
  type WalletLinksRepository,
} from '../infrastructure/links/wallet-links.repository';

const NONCE_BYTES = 16;

/** Wallet links (decisions D9): challenge, verify a signature of it, list and unlink. */
export class WalletLinks {
  constructor(
    private readonly pool: Pool,
    private readonly links: WalletLinksRepository,
    private readonly events: PgEventStore,
    private readonly network: Network,
    private readonly challenge_ttl_ms: number,
  ) {}

  async challenge(command: CreateWalletLinkChallengeCommand): Promise<WalletLinkChallengeResource> {
    const chain = linkChainOf(command.chain);
    const address = parseAddress(chain, this.network, command.address);
    if (address === null)
      throw new DomainError('invalid_payload', `address is not a ${chain} address`);
    const expires_at = challengeExpiry(new Date(), this.challenge_ttl_ms);
    const nonce = randomBytes(NONCE_BYTES).toString('hex');
    const message = challengeMessage({
      account_id: command.account_id,
      chain,
      address,
      nonce,
      expires_at,
    });
    const challenge_id = randomUUID();
    await this.links.insertChallenge({
      challenge_id,
      account_id: command.account_id,
      org_id: command.org_id,
      chain,
      address,
      message,
      expires_at,
      used_at: null,
    });
    return { challenge_id, message, expires_at: expires_at.toISOString() };
  }

  /** Links the challenge's address when `signature` is its signature of the challenge's message. */
  async verify(command: VerifyWalletLinkCommand): Promise<WalletLinkResource> {
    return withTransaction(this.pool, async (client) => {
      const challenge = await this.links.lockChallenge(
        client,
        command.account_id,
        command.challenge_id,
      );
      if (!challenge) throw new DomainError('not_found', 'no such challenge');
      const now = new Date();
      assertChallengeOpen(challenge, now);
      const { chain, address, message } = challenge;
      if (!verifyMessage(chain, this.network, message, address, command.signature))
        throw new DomainError(
          'invalid_payload',
          "signature is not the address's signature of the challenge message",
        );
      await this.links.markUsed(client, challenge.challenge_id, now);
      const existing = await this.links.activeLink(client, command.account_id, chain, address);
      if (existing) return linkResource(existing);
      const link: LinkRow = {
        link_id: randomUUID(),
        account_id: command.account_id,
        chain,
        address,
        linked_at: now,
      };
      const inserted = await this.links.insertLink(client, {
        ...link,
        org_id: command.org_id,
        challenge_id: challenge.challenge_id,
      });
      if (!inserted) {
        const winner = await this.links.activeLink(client, command.account_id, chain, address);
        if (!winner) throw new Error('an active link conflicted and then vanished');
        return linkResource(winner);
      }
      await this.events.appendInTransaction(
        client,
        `wallet-link-${link.link_id}`,
        [
          {
            type: 'crypto-wallets.wallet_linked',
            data: { ...linkResource(link), account_id: link.account_id },
            org_id: command.org_id,
            account_id: link.account_id,
          },
        ],
        { expected_version: 'any' },
      );
      return linkResource(link);
    });
  }

  async list(account_id: string, limit: number, offset: number) {
    const rows = await this.links.list(account_id, limit, offset);
    return { links: rows.map(linkResource) };
  }

  async delete(account_id: string, link_id: string) {
    if (!(await this.links.delete(account_id, link_id)))
      throw new DomainError('not_found', 'no such wallet link');
    return { link_id, deleted: true as const };
  }
}
