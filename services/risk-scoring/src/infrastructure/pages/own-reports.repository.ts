import type { Pool, PoolClient } from 'pg';

export interface OwnReportRow {
  account_id: string;
  sequence: number;
  report_id: string;
  created_at: Date;
}

/** Which reports an account asked about itself, numbered in order. */
export class OwnReportsRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * The account's latest own report. With `client`, serializes the account's own-report requests
   * for the transaction first (an advisory lock on the account), so that two at once make one.
   */
  async latest(account_id: string, client?: PoolClient): Promise<OwnReportRow | null> {
    if (client)
      await client.query(`select pg_advisory_xact_lock(hashtext('own-report:' || $1))`, [
        account_id,
      ]);
    const { rows } = await (client ?? this.pool).query<OwnReportRow>(
      `select account_id, sequence, report_id, created_at from own_reports
        where account_id = $1 order by sequence desc limit 1`,
      [account_id],
    );
    return rows[0] ?? null;
  }

  async insert(client: PoolClient, row: Omit<OwnReportRow, 'created_at'>): Promise<OwnReportRow> {
    const { rows } = await client.query<OwnReportRow>(
      `insert into own_reports (account_id, sequence, report_id) values ($1, $2, $3)
       returning account_id, sequence, report_id, created_at`,
      [row.account_id, row.sequence, row.report_id],
    );
    return rows[0]!;
  }
}
