import type { Pool, PoolClient } from 'pg';
import type { SegregatedWalletResource, WalletCustody } from '@platform/contracts';
import type { MessageChain } from '../../domain/chains/message-signatures';

export interface WalletRow {
  wallet_id: string;
  account_id: string;
  org_id: string;
  chain: MessageChain;
  asset: string;
  address: string;
  label: string | null;
  custody: WalletCustody;
  created_at: Date;
}

/** Where the wallet's key comes from: a derivation path, or the sealed imported key. */
export type KeySource =
  { custody: 'platform'; derivation_path: string } | { custody: 'client'; key_sealed: string };

export type NewWallet = Omit<WalletRow, 'created_at' | 'custody'> & { key: KeySource };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS =
  'wallet_id::text, account_id, org_id, chain, asset, address, label, custody, created_at';
const UNIQUE_VIOLATION = '23505';

export function walletResource(row: WalletRow): SegregatedWalletResource {
  return {
    wallet_id: row.wallet_id,
    type: 'segregated',
    custody: row.custody,
    chain: row.chain,
    asset: row.asset,
    address: row.address,
    label: row.label,
    created_at: row.created_at.toISOString(),
  };
}

/** Segregated wallets; key material is read only through `keySource`. */
export class SegregatedWalletsRepository {
  constructor(private readonly pool: Pool) {}

  /** Serializes the account's wallet creations, so that the limit holds under concurrency. */
  async lockAccount(client: PoolClient, account_id: string): Promise<number> {
    await client.query("select pg_advisory_xact_lock(hashtext('segregated-wallets:' || $1))", [
      account_id,
    ]);
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from segregated_wallets where account_id = $1',
      [account_id],
    );
    return rows[0]?.count ?? 0;
  }

  /** Inserts the wallet; false when the account already has a wallet at that address. */
  async insert(client: PoolClient, wallet: NewWallet): Promise<WalletRow | null> {
    const { key } = wallet;
    try {
      const { rows } = await client.query<WalletRow>(
        `insert into segregated_wallets (wallet_id, account_id, org_id, chain, asset, address,
           label, custody, derivation_path, key_sealed)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
        [
          wallet.wallet_id,
          wallet.account_id,
          wallet.org_id,
          wallet.chain,
          wallet.asset,
          wallet.address,
          wallet.label,
          key.custody,
          key.custody === 'platform' ? key.derivation_path : null,
          key.custody === 'client' ? key.key_sealed : null,
        ],
      );
      return rows[0] ?? null;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  async list(account_id: string, limit: number, offset: number): Promise<WalletRow[]> {
    const { rows } = await this.pool.query<WalletRow>(
      `select ${COLUMNS} from segregated_wallets where account_id = $1
        order by created_at desc, wallet_id limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  /** The account's wallet; another account's (or no such id) is null. */
  async get(account_id: string, wallet_id: string): Promise<WalletRow | null> {
    if (!UUID.test(wallet_id)) return null;
    const { rows } = await this.pool.query<WalletRow>(
      `select ${COLUMNS} from segregated_wallets where wallet_id = $1 and account_id = $2`,
      [wallet_id, account_id],
    );
    return rows[0] ?? null;
  }

  async keySource(wallet_id: string): Promise<KeySource> {
    const { rows } = await this.pool.query<{
      derivation_path: string | null;
      key_sealed: string | null;
    }>('select derivation_path, key_sealed from segregated_wallets where wallet_id = $1', [
      wallet_id,
    ]);
    const row = rows[0];
    if (row?.derivation_path) return { custody: 'platform', derivation_path: row.derivation_path };
    if (row?.key_sealed) return { custody: 'client', key_sealed: row.key_sealed };
    throw new Error(`segregated wallet ${wallet_id} has no key source`);
  }
}
