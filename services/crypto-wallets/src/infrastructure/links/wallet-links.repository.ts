import type { Pool, PoolClient } from 'pg';
import type { WalletLinkResource } from '@platform/contracts';
import type { Chain } from '../../domain/chains/chain';
import type { LinkChain } from '../../domain/links/challenge';

export interface ChallengeRow {
  challenge_id: string;
  account_id: string;
  org_id: string;
  chain: LinkChain;
  address: string;
  message: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface LinkRow {
  link_id: string;
  account_id: string;
  chain: LinkChain;
  address: string;
  linked_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK_COLUMNS = 'link_id::text, account_id, chain, address, linked_at';

export function linkResource(row: LinkRow): WalletLinkResource {
  return {
    link_id: row.link_id,
    chain: row.chain,
    address: row.address,
    linked_at: row.linked_at.toISOString(),
  };
}

/**
 * Challenges and links of external wallets. `isLinked` is the port other parts ask (the
 * withdrawals' self-hosted Travel Rule path): only active links count.
 */
export class WalletLinksRepository {
  constructor(private readonly pool: Pool) {}

  /** True when the account has an active link to `address` on `chain` (eth: any letter case). */
  async isLinked(account_id: string, chain: Chain, address: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `select 1 from wallet_links
        where account_id = $1 and chain = $2 and deleted_at is null
          and (case when chain = 'eth' then lower(address) = lower($3) else address = $3 end)
        limit 1`,
      [account_id, chain, address],
    );
    return (rowCount ?? 0) > 0;
  }

  async insertChallenge(challenge: ChallengeRow): Promise<void> {
    await this.pool.query(
      `insert into wallet_link_challenges
         (challenge_id, account_id, org_id, chain, address, message, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        challenge.challenge_id,
        challenge.account_id,
        challenge.org_id,
        challenge.chain,
        challenge.address,
        challenge.message,
        challenge.expires_at,
      ],
    );
  }

  /** The account's challenge, locked for the transaction; another account's is null. */
  async lockChallenge(
    client: PoolClient,
    account_id: string,
    challenge_id: string,
  ): Promise<ChallengeRow | null> {
    if (!UUID.test(challenge_id)) return null;
    const { rows } = await client.query<ChallengeRow>(
      `select challenge_id::text, account_id, org_id, chain, address, message, expires_at, used_at
         from wallet_link_challenges where challenge_id = $1 and account_id = $2 for update`,
      [challenge_id, account_id],
    );
    return rows[0] ?? null;
  }

  async markUsed(client: PoolClient, challenge_id: string, now: Date): Promise<void> {
    await client.query('update wallet_link_challenges set used_at = $2 where challenge_id = $1', [
      challenge_id,
      now,
    ]);
  }

  /** The active link of the address, if the account has one already. */
  async activeLink(
    client: PoolClient,
    account_id: string,
    chain: LinkChain,
    address: string,
  ): Promise<LinkRow | null> {
    const { rows } = await client.query<LinkRow>(
      `select ${LINK_COLUMNS} from wallet_links
        where account_id = $1 and chain = $2 and address = $3 and deleted_at is null`,
      [account_id, chain, address],
    );
    return rows[0] ?? null;
  }

  /**
   * Inserts the link; null when the account already has an active link to the address (a
   * concurrent verify of another challenge won), so the caller answers that one.
   */
  async insertLink(
    client: PoolClient,
    link: LinkRow & { org_id: string; challenge_id: string },
  ): Promise<LinkRow | null> {
    const { rows } = await client.query<LinkRow>(
      `insert into wallet_links (link_id, account_id, org_id, chain, address, challenge_id, linked_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (account_id, chain, address) where deleted_at is null do nothing
       returning ${LINK_COLUMNS}`,
      [
        link.link_id,
        link.account_id,
        link.org_id,
        link.chain,
        link.address,
        link.challenge_id,
        link.linked_at,
      ],
    );
    return rows[0] ?? null;
  }

  async list(account_id: string, limit: number, offset: number): Promise<LinkRow[]> {
    const { rows } = await this.pool.query<LinkRow>(
      `select ${LINK_COLUMNS} from wallet_links where account_id = $1 and deleted_at is null
        order by linked_at desc, link_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  /** Ends the account's active link; false when it has no such link (another's included). */
  async delete(account_id: string, link_id: string): Promise<boolean> {
    if (!UUID.test(link_id)) return false;
    const { rowCount } = await this.pool.query(
      `update wallet_links set deleted_at = now()
        where link_id = $1 and account_id = $2 and deleted_at is null`,
      [link_id, account_id],
    );
    return (rowCount ?? 0) > 0;
  }
}
