import type { AccountStandingResource, ScoreIndexResource } from '@platform/contracts';
import { scoreDistribution } from '../../domain/index/score-index';
import type { CreditDisputesRepository } from '../../infrastructure/watch/credit-disputes.repository';
import type { FraudReportsRepository } from '../../infrastructure/watch/fraud-reports.repository';
import type { MonitoringRepository } from '../../infrastructure/watch/monitoring.repository';
import type { ScoreIndexRepository } from '../../infrastructure/watch/score-index.repository';

/** The account's own latest report, when the own-report part keeps one. */
export interface OwnScoreSource {
  ownScore(account_id: string): Promise<AccountStandingResource['own_score']>;
}

/**
 * The index (decisions D10): the score distribution of the account's reported subjects (each
 * subject counted once, by its latest report), and the account's own standing as a bureau
 * customer: its reporting activity, what it watches and disputes, its fraud reports and its own
 * score.
 */
export class ScoreIndexService {
  constructor(
    private readonly index: ScoreIndexRepository,
    private readonly monitoring: MonitoringRepository,
    private readonly disputes: CreditDisputesRepository,
    private readonly fraud: FraudReportsRepository,
    private readonly own: OwnScoreSource,
  ) {}

  async distribution(account_id: string): Promise<ScoreIndexResource> {
    const latest = await this.index.latestPerSubject(account_id);
    return { ...scoreDistribution(latest), as_of: new Date().toISOString() };
  }

  async standing(account_id: string): Promise<AccountStandingResource> {
    const [activity, monitored_subjects, disputes, fraud_reports, own_score] = await Promise.all([
      this.index.activity(account_id),
      this.monitoring.countActive(account_id),
      this.disputes.countsByStatus(account_id),
      this.fraud.counts(account_id),
      this.own.ownScore(account_id),
    ]);
    return {
      reports: {
        total: activity.total,
        last_30_days: activity.last_30_days,
        last_report_at: activity.last_report_at?.toISOString() ?? null,
      },
      subjects_reported: activity.subjects,
      monitored_subjects,
      disputes,
      fraud_reports,
      own_score,
      as_of: new Date().toISOString(),
    };
  }
}
