import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import type { Chain, ChainAsset } from '../domain/chains/chain';
import type { Deposit, DepositStatus } from '../domain/deposits/deposit';
import type { RiskLevel } from '../domain/screening/address-risk';
import { depositStream } from './deposits-store';

export interface DepositWallet {
  wallet_id: string;
  account_id: string;
  org_id: string;
  chain: Chain;
  asset: ChainAsset;
  address: string;
  created_at: string;
}

/** A deposit with its timestamps, as listed. */
export interface StoredDeposit extends Deposit {
  created_at: string;
  updated_at: string;
}

export interface DepositFilter {
  account_id: string;
  chain?: Chain;
  asset?: ChainAsset;
  status?: DepositStatus;
  limit: number;
  offset: number;
}

interface DepositRow extends Omit<StoredDeposit, 'risk'> {
  risk: RiskLevel | null;
  risk_categories: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const at = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
const WALLET_COLUMNS = `wallet_id::text, account_id, org_id, chain, asset, address, ${at('created_at')}`;
const DEPOSIT_COLUMNS = `deposit_id::text, account_id, org_id, wallet_id::text, chain, asset, tx_id,
  from_address, to_address, amount::text, fee::text, status, risk, risk_categories, hold_id,
  confirmations, ${at('created_at')}, ${at('updated_at')}`;

/** Deposit wallets and deposits (tables `deposit_wallets`, `crypto_deposits`). */
export class DepositsRepository {
  constructor(
    private readonly pool: Pool,
    private readonly events: PgEventStore,
  ) {}

  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async wallet(account_id: string, chain: Chain, asset: ChainAsset): Promise<DepositWallet | null> {
    const { rows } = await this.pool.query<DepositWallet>(
      `select ${WALLET_COLUMNS} from deposit_wallets
        where account_id = $1 and chain = $2 and asset = $3`,
      [account_id, chain, asset],
    );
    return rows[0] ?? null;
  }

  /** Inserts the wallet unless the account has one of that chain and asset; answers the stored one. */
  async insertWallet(
    wallet: Omit<DepositWallet, 'wallet_id' | 'created_at'> & { derivation_path: string },
  ): Promise<{ wallet: DepositWallet; created: boolean }> {
    const { rows } = await this.pool.query<DepositWallet>(
      `insert into deposit_wallets (wallet_id, account_id, org_id, chain, asset, address,
         derivation_path)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (account_id, chain, asset) do nothing
       returning ${WALLET_COLUMNS}`,
      [
        randomUUID(),
        wallet.account_id,
        wallet.org_id,
        wallet.chain,
        wallet.asset,
        wallet.address,
        wallet.derivation_path,
      ],
    );
    if (rows[0]) return { wallet: rows[0], created: true };
    const existing = await this.wallet(wallet.account_id, wallet.chain, wallet.asset);
    if (!existing) throw new Error('a deposit wallet vanished after its insert');
    return { wallet: existing, created: false };
  }

  async wallets(account_id: string): Promise<DepositWallet[]> {
    const { rows } = await this.pool.query<DepositWallet>(
      `select ${WALLET_COLUMNS} from deposit_wallets where account_id = $1
        order by deposit_wallets.created_at, deposit_wallets.wallet_id`,
      [account_id],
    );
    return rows;
  }

  /** The wallet at `address` on `chain` (any letter case), whoever holds it. */
  async walletAt(chain: Chain, address: string): Promise<DepositWallet | null> {
    const { rows } = await this.pool.query<DepositWallet>(
      `select ${WALLET_COLUMNS} from deposit_wallets where chain = $1 and lower(address) = lower($2)`,
      [chain, address],
    );
    return rows[0] ?? null;
  }

  /** The account's wallet at `address`, on any chain. */
  async accountWalletAt(account_id: string, address: string): Promise<DepositWallet | null> {
    const { rows } = await this.pool.query<DepositWallet>(
      `select ${WALLET_COLUMNS} from deposit_wallets
        where account_id = $1 and lower(address) = lower($2) order by created_at limit 1`,
      [account_id, address],
    );
    return rows[0] ?? null;
  }

  /** Opens the deposit of a transfer once: a repeat (same chain, tx_id and address) keeps the first. */
  async openDeposit(
    wallet: DepositWallet,
    transfer: {
      tx_id: string;
      from_address: string;
      amount: string;
      fee: string;
      confirmations: number;
    },
  ): Promise<void> {
    await this.pool.query(
      `insert into crypto_deposits (deposit_id, account_id, org_id, wallet_id, chain, asset, tx_id,
         from_address, to_address, amount, fee, status, confirmations)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12)
       on conflict (chain, tx_id, to_address) do nothing`,
      [
        randomUUID(),
        wallet.account_id,
        wallet.org_id,
        wallet.wallet_id,
        wallet.chain,
        wallet.asset,
        transfer.tx_id,
        transfer.from_address,
        wallet.address,
        transfer.amount,
        transfer.fee,
        transfer.confirmations,
      ],
    );
  }

  async lockByTransfer(
    client: PoolClient,
    chain: Chain,
    tx_id: string,
    to_address: string,
  ): Promise<StoredDeposit | null> {
    const { rows } = await client.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from crypto_deposits
        where chain = $1 and tx_id = $2 and to_address = $3 for update`,
      [chain, tx_id, to_address],
    );
    return rows[0] ? toDeposit(rows[0]) : null;
  }

  async lockById(client: PoolClient, deposit_id: string): Promise<StoredDeposit | null> {
    if (!UUID.test(deposit_id)) return null;
    const { rows } = await client.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from crypto_deposits where deposit_id = $1 for update`,
      [deposit_id],
    );
    return rows[0] ? toDeposit(rows[0]) : null;
  }

  async byTransfer(chain: Chain, tx_id: string, to_address: string): Promise<StoredDeposit | null> {
    const { rows } = await this.pool.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from crypto_deposits
        where chain = $1 and tx_id = $2 and to_address = $3`,
      [chain, tx_id, to_address],
    );
    return rows[0] ? toDeposit(rows[0]) : null;
  }

  /** Stores the deposit after `events` and appends the public ones, in the caller's transaction. */
  async store(
    client: PoolClient,
    deposit: Deposit,
    events: readonly { type: string; data: unknown }[],
  ): Promise<void> {
    await client.query(
      `update crypto_deposits set status = $2, risk = $3, risk_categories = $4, hold_id = $5,
         confirmations = $6, updated_at = now()
       where deposit_id = $1`,
      [
        deposit.deposit_id,
        deposit.status,
        deposit.risk?.risk ?? null,
        JSON.stringify(deposit.risk?.categories ?? []),
        deposit.hold_id,
        deposit.confirmations,
      ],
    );
    if (events.length === 0) return;
    await this.events.appendInTransaction(
      client,
      depositStream(deposit.deposit_id),
      events.map((event) => ({ ...event, org_id: deposit.org_id, account_id: deposit.account_id })),
      { expected_version: 'any' },
    );
  }

  async find(account_id: string, deposit_id: string): Promise<StoredDeposit | null> {
    if (!UUID.test(deposit_id)) return null;
    const { rows } = await this.pool.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from crypto_deposits where deposit_id = $1 and account_id = $2`,
      [deposit_id, account_id],
    );
    return rows[0] ? toDeposit(rows[0]) : null;
  }

  async list(filter: DepositFilter): Promise<StoredDeposit[]> {
    const { rows } = await this.pool.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from crypto_deposits
        where account_id = $1 and ($2::text is null or chain = $2)
          and ($3::text is null or asset = $3) and ($4::text is null or status = $4)
        order by crypto_deposits.created_at desc, crypto_deposits.deposit_id desc
        limit $5 offset $6`,
      [
        filter.account_id,
        filter.chain ?? null,
        filter.asset ?? null,
        filter.status ?? null,
        filter.limit,
        filter.offset,
      ],
    );
    return rows.map(toDeposit);
  }
}

function toDeposit(row: DepositRow): StoredDeposit {
  const { risk, risk_categories, ...rest } = row;
  return { ...rest, risk: risk ? { risk, categories: risk_categories } : null };
}
