import type { Pool } from 'pg';
import type { ListMovementsCommand } from '@platform/contracts';
import type { RateTable } from '../domain';
import { readBalances, type AssetBalanceView } from '../infrastructure/balances-projection';
import { readMovements, type MovementView } from '../infrastructure/movements-projection';
import { rateView, type RateView } from '../infrastructure/rates/rate-table';

export interface AccountBalances {
  account_id: string;
  balances: AssetBalanceView[];
}

export interface MovementPage {
  page: number;
  page_size: number;
  movements: MovementView[];
}

/** Reads from the ledger's projections (eventually consistent with the streams). */
export class LedgerQueries {
  constructor(
    private readonly pool: Pool,
    private readonly rates: RateTable,
  ) {}

  async balances(account_id: string): Promise<AccountBalances> {
    return { account_id, balances: await readBalances(this.pool, account_id) };
  }

  async movements(query: ListMovementsCommand): Promise<MovementPage> {
    const movements = await readMovements(this.pool, query);
    return { page: query.page, page_size: query.page_size, movements };
  }

  rateTable(): RateView {
    return rateView(this.rates);
  }
}
