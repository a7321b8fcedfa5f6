import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { OpenWithdrawalReviewCommand } from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';

/**
 * The transactional firewall for crypto withdrawals (decisions D8, D9): crypto-wallets holds a
 * withdrawal to a severe-risk destination and opens its review here. It is then reviewed like a
 * held payout (files, questions, two approvals); the outcome goes back to crypto-wallets.
 */
@Injectable()
export class WithdrawalReviewOpener {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  /** One review per withdrawal: opening it again answers the same review. */
  async open(command: OpenWithdrawalReviewCommand): Promise<{ review_id: string }> {
    const { rows } = await this.pool.query<{ review_id: string }>(
      `insert into reviews (review_id, subject_type, subject_id, account_id, org_id, reason)
       values ($1, 'crypto_withdrawal', $2, $3, $4, $5)
       on conflict on constraint reviews_subject do update set subject_id = excluded.subject_id
       returning review_id::text`,
      [randomUUID(), command.withdrawal_id, command.account_id, command.org_id, command.reason],
    );
    const review_id = rows[0]?.review_id;
    if (!review_id) throw new Error(`no review opened for withdrawal ${command.withdrawal_id}`);
    return { review_id };
  }
}
