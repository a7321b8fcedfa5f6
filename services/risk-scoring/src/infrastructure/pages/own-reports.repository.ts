import type { Pool } from 'pg';

export interface OwnReportRow {
  account_id: string;
  sequence: number;
  report_id: string;
  created_at: Date;
}

/** Which reports an account asked about itself, numbered in order. */
export class OwnReportsRepository {
  constructor(private readonly pool: Pool) {}

  async latest(account_id: string): Promise<OwnReportRow | null> {
    const { rows } = await this.pool.query<OwnReportRow>(
      `select account_id, sequence, report_id, created_at from own_reports
        where account_id = $1 order by sequence desc limit 1`,
      [account_id],
    );
    return rows[0] ?? null;
  }

  /**
   * Records the n-th own report; false when a concurrent request recorded it first. Both requests
   * made the same report under the n-th report's key, so the loser's row collides on the report id
   * as well as on the sequence: no conflict target, since one names only one of the two, and
   * PostgreSQL raises a collision on the other when the rows race.
   */
  async insert(row: Omit<OwnReportRow, 'created_at'>): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `insert into own_reports (account_id, sequence, report_id) values ($1, $2, $3)
       on conflict do nothing`,
      [row.account_id, row.sequence, row.report_id],
    );
    return rowCount === 1;
  }
}
