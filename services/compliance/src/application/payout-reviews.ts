import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type DecideReviewCommand,
  type ReviewReply,
  type ScreenPayoutCommand,
  type ScreenPayoutReply,
} from '@platform/contracts';
import type { NotifiedCache } from '@platform/persistence';
import {
  notifiedCacheProvider,
  PLATFORM_CONTEXT,
  SERVICE_POOL,
  type PlatformContext,
} from '@platform/runtime';
import { COMPLIANCE_SETTINGS, type ComplianceSettings } from '../compliance.settings';
import { screenPayout } from '../domain/payout-screening';
import { WatchlistSource } from '../infrastructure/aml/watchlist-source';
import { ReviewWriter } from './review-writer';

/** The operator's screening override, asked on every payout: kept until it changes (any process). */
export const SCREENING_OVERRIDE = Symbol('SCREENING_OVERRIDE');

export const screeningOverrideProvider = notifiedCacheProvider(SCREENING_OVERRIDE, {
  channel: 'screening_settings',
  capacity: 1,
  ttl_ms: 60_000,
});

/**
 * Payout screening and the firewall reviews it opens. `COMPLIANCE_SCREENING=unavailable` makes
 * screening answer `compliance_check_unavailable`, as during an outage of the screening
 * provider; an operator's `set_screening_availability` overrides the setting.
 */
@Injectable()
export class PayoutReviews {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(COMPLIANCE_SETTINGS) private readonly settings: ComplianceSettings,
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly lists: WatchlistSource,
    private readonly writer: ReviewWriter,
    @Inject(SCREENING_OVERRIDE) private readonly override: NotifiedCache,
  ) {}

  async screen(command: ScreenPayoutCommand): Promise<ScreenPayoutReply> {
    if (!(await this.screeningAvailable())) {
      throw new DomainError(
        'compliance_check_unavailable',
        'screening is unavailable; retry with the same idempotency key',
      );
    }
    const { entries } = await this.lists.current();
    const { decision, reason } = screenPayout(command, this.context.environment, entries);
    if (decision !== 'hold') return { decision, review_id: null };
    // One review per payout: a repeated screening of a held payout answers the same review.
    const { rows } = await this.pool.query<{ review_id: string }>(
      `insert into reviews (review_id, subject_type, subject_id, account_id, org_id, reason)
       values ($1, 'payout', $2, $3, $4, $5)
       on conflict on constraint reviews_subject do update set subject_id = excluded.subject_id
       returning review_id::text`,
      [randomUUID(), command.payout_id, command.account_id, command.org_id, reason],
    );
    return { decision, review_id: rows[0]?.review_id ?? null };
  }

  async setScreeningAvailability(available: boolean): Promise<{ available: boolean }> {
    await this.pool.query(
      `insert into screening_settings (id, available) values (true, $1)
       on conflict (id) do update set available = excluded.available, updated_at = now()`,
      [available],
    );
    // The next screening in this process must see it; other processes hear the trigger.
    this.override.forgetAll();
    return { available };
  }

  private async screeningAvailable(): Promise<boolean> {
    const override = await this.override.read(
      'screening',
      async () => {
        const { rows } = await this.pool.query<{ available: boolean }>(
          `select available from screening_settings`,
        );
        return { available: rows[0]?.available ?? null };
      },
      () => ['screening'],
    );
    return override?.available ?? this.settings.COMPLIANCE_SCREENING === 'available';
  }

  /**
   * The payout's own decision (the operator's release/reject route, or a reviewer's outcome
   * confirmed back): the review ends at once. The same outcome again answers it again.
   */
  async decide(command: DecideReviewCommand): Promise<ReviewReply> {
    const { state } = await this.writer.write(
      command.review_id,
      { operator: true },
      { type: 'settle', decision: command.decision, at: new Date().toISOString() },
    );
    return {
      review_id: state.review_id,
      subject_type: state.operation_kind,
      subject_id: state.operation_id,
      account_id: state.account_id,
      status: state.status,
    };
  }
}
