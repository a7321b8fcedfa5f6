import type { Pool } from 'pg';
import type { AccountStandingResource, CreditBand } from '@platform/contracts';
import type { LatestSubjectScore } from '../../domain/index/score-index';

export interface ReportActivity {
  total: number;
  last_30_days: number;
  last_report_at: Date | null;
}

/** Reads of the account's reports (core's `risk_reports`) for the index. */
export class ScoreIndexRepository {
  constructor(private readonly pool: Pool) {}

  /** The latest score of each subject the account has reported. */
  async latestPerSubject(account_id: string): Promise<LatestSubjectScore[]> {
    const { rows } = await this.pool.query<LatestSubjectScore>(
      `select distinct on (subject_id) score, band from risk_reports where account_id = $1
        order by subject_id, evaluated_at desc, report_id`,
      [account_id],
    );
    return rows;
  }

  async activity(account_id: string): Promise<ReportActivity & { subjects: number }> {
    const { rows } = await this.pool.query<ReportActivity & { subjects: number }>(
      `select count(*)::int as total,
              count(*) filter (where evaluated_at > now() - interval '30 days')::int as last_30_days,
              max(evaluated_at) as last_report_at,
              count(distinct subject_id)::int as subjects
         from risk_reports where account_id = $1`,
      [account_id],
    );
    return rows[0];
  }

  /** The account's latest own report (`POST /v1/qscore/my-report`), or null before its first. */
  async ownScore(account_id: string): Promise<AccountStandingResource['own_score']> {
    const { rows } = await this.pool.query<{ score: number; band: CreditBand; evaluated_at: Date }>(
      `select r.score, r.band, r.evaluated_at from own_reports o
         join risk_reports r on r.report_id::text = o.report_id
        where o.account_id = $1 order by o.sequence desc limit 1`,
      [account_id],
    );
    const own = rows[0];
    if (!own) return null;
    return {
      score: own.score,
      band: own.band,
      evaluated_at: own.evaluated_at.toISOString(),
    };
  }
}
