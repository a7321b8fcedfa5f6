import type { ClientBase, Pool } from 'pg';
import { LEDGER_SCHEMA } from '../balances-projection';
import type { BankingBalanceChanged } from '@platform/contracts';
import type { DailyChange, LocalRange } from './reports.queries';

/** Stores one banking balance entry; false when it was already projected. */
export async function projectBankingEntry(
  pool: Pool,
  entry: BankingBalanceChanged,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `insert into ${LEDGER_SCHEMA}.banking_balance_entries
       (entry_id, account_id, currency, change, booked_at)
     values ($1, $2, $3, $4, $5) on conflict (entry_id) do nothing`,
    [entry.entry_id, entry.account_id, entry.currency, entry.change, entry.booked_at],
  );
  return rowCount === 1;
}

const START = `(($2::date)::timestamp at time zone $4)`;
const END = `((($3::date) + 1)::timestamp at time zone $4)`;

/** Per banking currency: the sum of entries before the range (the opening balance). */
export async function bankingOpening(
  client: ClientBase,
  range: LocalRange,
): Promise<Map<string, string>> {
  const { rows } = await client.query<{ currency: string; balance: string }>(
    `select currency, sum(change)::text as balance from ${LEDGER_SCHEMA}.banking_balance_entries
      where account_id = $1 and booked_at < ${START} and $3::date is not null
      group by currency`,
    [range.account_id, range.from, range.to, range.timezone],
  );
  return new Map(rows.map((row) => [row.currency, row.balance]));
}

/** Per local day and banking currency in the range: the net change (`asset` is the currency). */
export async function bankingDailyChanges(
  client: ClientBase,
  range: LocalRange,
): Promise<DailyChange[]> {
  const { rows } = await client.query<DailyChange>(
    `select to_char((booked_at at time zone $4)::date, 'YYYY-MM-DD') as date,
            currency as asset, sum(change)::text as change
       from ${LEDGER_SCHEMA}.banking_balance_entries
      where account_id = $1 and booked_at >= ${START} and booked_at < ${END}
      group by 1, 2 order by 1`,
    [range.account_id, range.from, range.to, range.timezone],
  );
  return rows;
}
