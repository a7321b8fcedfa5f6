import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '@platform/persistence';

export interface DepositAccount {
  deposit_account_id: string;
  account_id: string;
  org_id: string;
  country: string;
  currency: string;
  purpose: string;
  label: string | null;
  account_number: string;
  bank_alias: string | null;
  created_at: Date;
}

/** Dedicated deposit accounts in the payins schema. */
export class DepositAccountsRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Inserts unless the owner already holds `limit` accounts in the corridor; the owner's rows
   * are locked by an advisory lock so two concurrent creates cannot both pass the count.
   */
  async insertWithin(account: DepositAccount, limit: number): Promise<DepositAccount | null> {
    return withTransaction(this.pool, async (client: PoolClient) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [
        `deposit:${account.account_id}:${account.country}:${account.currency}`,
      ]);
      const { rows: counted } = await client.query<{ held: string }>(
        `select count(*) as held from deposit_accounts
          where account_id = $1 and country = $2 and currency = $3`,
        [account.account_id, account.country, account.currency],
      );
      if (Number(counted[0]?.held ?? 0) >= limit) return null;
      const { rows } = await client.query<DepositAccount>(
        `insert into deposit_accounts (deposit_account_id, account_id, org_id, country, currency,
                                       purpose, label, account_number, bank_alias, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
        [
          account.deposit_account_id,
          account.account_id,
          account.org_id,
          account.country,
          account.currency,
          account.purpose,
          account.label,
          account.account_number,
          account.bank_alias,
          account.created_at,
        ],
      );
      return rows[0] ?? null;
    });
  }

  async list(account_id: string, limit: number, offset: number): Promise<DepositAccount[]> {
    const { rows } = await this.pool.query<DepositAccount>(
      `select * from deposit_accounts where account_id = $1
        order by created_at desc, deposit_account_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows;
  }

  async findOwned(account_id: string, deposit_account_id: string): Promise<DepositAccount | null> {
    if (!/^[0-9a-f-]{36}$/i.test(deposit_account_id)) return null;
    const { rows } = await this.pool.query<DepositAccount>(
      'select * from deposit_accounts where deposit_account_id = $1 and account_id = $2',
      [deposit_account_id, account_id],
    );
    return rows[0] ?? null;
  }

  /** The deposit account a rail's deposit was addressed to: its number, or its country's alias. */
  async findByAddress(
    address: { account_number: string } | { country: string; bank_alias: string },
  ): Promise<DepositAccount | null> {
    const { rows } =
      'account_number' in address
        ? await this.pool.query<DepositAccount>(
            'select * from deposit_accounts where account_number = $1',
            [address.account_number],
          )
        : await this.pool.query<DepositAccount>(
            'select * from deposit_accounts where country = $1 and lower(bank_alias) = lower($2)',
            [address.country, address.bank_alias],
          );
    return rows[0] ?? null;
  }

  /** Sets the alias; false when another deposit account of the country already holds it. */
  async setAlias(deposit_account_id: string, alias: string): Promise<DepositAccount | null> {
    try {
      const { rows } = await this.pool.query<DepositAccount>(
        'update deposit_accounts set bank_alias = $2 where deposit_account_id = $1 returning *',
        [deposit_account_id, alias],
      );
      return rows[0] ?? null;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    }
  }
}
