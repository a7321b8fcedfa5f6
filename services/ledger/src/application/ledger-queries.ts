import type { Pool } from 'pg';
import { readBalances, type AssetBalanceView } from '../infrastructure/balances-projection';

export interface AccountBalances {
  account_id: string;
  balances: AssetBalanceView[];
}

/** Reads from the ledger's projections (eventually consistent with the streams). */
export class LedgerQueries {
  constructor(private readonly pool: Pool) {}

  async balances(account_id: string): Promise<AccountBalances> {
    return { account_id, balances: await readBalances(this.pool, account_id) };
  }
}
