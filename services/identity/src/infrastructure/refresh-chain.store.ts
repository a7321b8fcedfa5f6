import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { ClientInfo } from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import {
  newRefreshToken,
  refreshExpiry,
  SESSION_ABSOLUTE_TTL_MS,
  sha256,
} from '../domain/credentials';
import { decideRefresh, type PresentedRefreshToken } from '../domain/refresh-chain';
import { recordSecurityEvent, type SecurityEventOwner } from './security-events';

/** The refresh token a chain's start or exchange issued. */
export interface IssuedRefresh {
  session_id: string;
  generation: number;
  refresh_token: string;
  refresh_expires_at: Date;
}

/**
 * Where one kind of refresh chain is stored and who holds it: members' chains and organization
 * admins' differ only in these. The SQL fragments are constants of the code, never input.
 */
export interface RefreshChainTables<Holder> {
  /** The chains (one row a session, read as `s`) and their refresh tokens (read as `t`). */
  chains_table: string;
  tokens_table: string;
  /** The holder's columns, selected beside the token's, and the joins they need from `s`. */
  holder_columns: string;
  holder_joins: string;
  /** SQL: whether the holder may still sign in (the domain's `holder_active`). */
  holder_active: string;
  /** The holder, out of a row that holds `holder_columns` among others. */
  holderOf(row: Holder): Holder;
  /** Whose the `refresh_token_reuse` event of a replay is. */
  eventOwnerOf(holder: Holder): SecurityEventOwner;
  /** Whether the chains' table has `revoked_reason` (members' has, admins' has not). */
  records_revoked_reason: boolean;
}

/**
 * What presenting a refresh token to a chain store led to: `unknown` when none of its chains
 * issued the token, the decision of domain/refresh-chain.ts otherwise.
 */
export type ChainExchange<Holder> =
  | { kind: 'unknown' }
  | { kind: 'rejected' }
  | { kind: 'race_lost' }
  | { kind: 'replayed'; session_id: string }
  | { kind: 'rotated'; holder: Holder; issued: IssuedRefresh };

interface ChainColumns {
  session_id: string;
  used_at: Date | null;
  expires_at: Date;
  chain_revoked_at: Date | null;
  absolute_expires_at: Date;
  holder_active: boolean;
}

type PresentedRow<Holder> = ChainColumns & Holder;

function presentedToken(row: ChainColumns): PresentedRefreshToken {
  return {
    exchanged_at: row.used_at,
    expires_at: row.expires_at,
    chain_expires_at: row.absolute_expires_at,
    chain_revoked: row.chain_revoked_at !== null,
    holder_active: row.holder_active,
  };
}

/**
 * The storage of refresh chains (spec §3, §5 rule 4): opening, exchange, rotation, revocation.
 * Members' and admins' session repositories are each one, over their own tables.
 */
export class RefreshChainStore<Holder> {
  constructor(
    protected readonly pool: Pool,
    private readonly tables: RefreshChainTables<Holder>,
  ) {}

  /**
   * Opens a chain capped at 90 days in the caller's transaction: `insertChain` writes its row
   * (and whatever goes with it), then the chain's first refresh token is issued.
   */
  protected async open(
    client: PoolClient,
    now: Date,
    insertChain: (session_id: string, absolute_expires_at: Date) => Promise<void>,
  ): Promise<IssuedRefresh> {
    const session_id = randomUUID();
    const absolute_expires_at = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS);
    await insertChain(session_id, absolute_expires_at);
    return this.issue(client, session_id, 1, now, absolute_expires_at);
  }

  private async issue(
    client: PoolClient,
    session_id: string,
    generation: number,
    now: Date,
    absolute_expires_at: Date,
  ): Promise<IssuedRefresh> {
    const refresh_token = newRefreshToken();
    const refresh_expires_at = refreshExpiry(now, absolute_expires_at);
    await client.query(
      `insert into ${this.tables.tokens_table} (token_hash, session_id, issued_at, expires_at)
       values ($1, $2, $3, $4)`,
      [sha256(refresh_token), session_id, now, refresh_expires_at],
    );
    return { session_id, generation, refresh_token, refresh_expires_at };
  }

  /**
   * Exchanges a refresh token under a lock on its row and its chain's, as the refresh chain
   * decides (domain/refresh-chain.ts): rotated, rejected, lost to a twin in flight, or replayed
   * (the chain is revoked and `refresh_token_reuse` recorded).
   */
  async exchange(
    refresh_token: string,
    presented_at: Date,
    now: Date,
    client_info: ClientInfo | null,
  ): Promise<ChainExchange<Holder>> {
    return withTransaction(this.pool, async (client) => {
      const row = await this.presented(client, refresh_token);
      if (!row) return { kind: 'unknown' };
      const decision = decideRefresh(presentedToken(row), presented_at, now);
      switch (decision) {
        case 'reject':
          return { kind: 'rejected' };
        case 'race_lost':
          return { kind: 'race_lost' };
        case 'replay':
          await this.revokeChain(client, row, client_info);
          return { kind: 'replayed', session_id: row.session_id };
        case 'rotate':
          return this.rotate(client, row, refresh_token, now);
        default: {
          const unhandled: never = decision;
          throw new Error(`unknown refresh decision ${String(unhandled)}`);
        }
      }
    });
  }

  /** The presented token with its chain and holder, both rows locked; null when unknown. */
  private async presented(
    client: PoolClient,
    refresh_token: string,
  ): Promise<PresentedRow<Holder> | null> {
    const { tables } = this;
    const { rows } = await client.query<PresentedRow<Holder>>(
      `select t.session_id, t.used_at, t.expires_at, s.revoked_at as chain_revoked_at,
              s.absolute_expires_at, ${tables.holder_columns},
              ${tables.holder_active} as holder_active
         from ${tables.tokens_table} t join ${tables.chains_table} s on s.id = t.session_id
              ${tables.holder_joins}
        where t.token_hash = $1
        for update of t, s`,
      [sha256(refresh_token)],
    );
    return rows[0] ?? null;
  }

  /** The exchange: a new token and generation; the used one is marked last, when it finished. */
  private async rotate(
    client: PoolClient,
    row: PresentedRow<Holder>,
    refresh_token: string,
    now: Date,
  ): Promise<ChainExchange<Holder>> {
    const { rows: bumped } = await client.query<{ generation: number }>(
      `update ${this.tables.chains_table} set generation = generation + 1
        where id = $1 returning generation`,
      [row.session_id],
    );
    const issued = await this.issue(
      client,
      row.session_id,
      bumped[0]?.generation ?? 1,
      now,
      row.absolute_expires_at,
    );
    // When the exchange finished: a twin presented before then lost a race, after it replays.
    await client.query(
      `update ${this.tables.tokens_table} set used_at = $2 where token_hash = $1`,
      [sha256(refresh_token), new Date()],
    );
    return { kind: 'rotated', holder: this.tables.holderOf(row), issued };
  }

  /** A replay: the chain ends, and its holder's security events record it. */
  private async revokeChain(
    client: PoolClient,
    row: PresentedRow<Holder>,
    client_info: ClientInfo | null,
  ): Promise<void> {
    const reason = 'refresh_token_reuse';
    const { chains_table, records_revoked_reason } = this.tables;
    await client.query(
      records_revoked_reason
        ? `update ${chains_table} set revoked_at = now(), revoked_reason = $2
            where id = $1 and revoked_at is null`
        : `update ${chains_table} set revoked_at = now() where id = $1 and revoked_at is null`,
      records_revoked_reason ? [row.session_id, reason] : [row.session_id],
    );
    await recordSecurityEvent(client, {
      owner: this.tables.eventOwnerOf(this.tables.holderOf(row)),
      type: reason,
      client_info,
    });
  }
}
