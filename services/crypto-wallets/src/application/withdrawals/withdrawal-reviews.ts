import { Injectable } from '@nestjs/common';
import { type CryptoWithdrawalResource, DomainError } from '@platform/contracts';
import { publicWithdrawal } from '../../domain/withdrawals/withdrawal-view';
import { WithdrawalSteps } from './withdrawal-steps';

/**
 * A firewall review's outcome for the withdrawal it holds (decisions D8): released, it is
 * broadcast (its funds are held since the create); rejected, its hold is released and it fails.
 * The same outcome again answers the withdrawal as it is.
 */
@Injectable()
export class WithdrawalReviews {
  constructor(private readonly steps: WithdrawalSteps) {}

  async release(
    withdrawal_id: string,
    correlation_id: string | null,
  ): Promise<CryptoWithdrawalResource> {
    const at = new Date().toISOString();
    const released = await this.steps.apply(
      withdrawal_id,
      { type: 'release_review', at },
      correlation_id,
    );
    if (!released) throw new DomainError('not_found', 'withdrawal not found');
    // A failed broadcast is retried by the worker; the release itself stands.
    const broadcast = await this.steps
      .broadcast(withdrawal_id, correlation_id)
      .catch(() => released);
    return publicWithdrawal(broadcast ?? released);
  }

  async reject(
    withdrawal_id: string,
    correlation_id: string | null,
  ): Promise<CryptoWithdrawalResource> {
    const at = new Date().toISOString();
    const rejected = await this.steps.apply(
      withdrawal_id,
      { type: 'reject_review', at },
      correlation_id,
    );
    if (!rejected) throw new DomainError('not_found', 'withdrawal not found');
    return publicWithdrawal(rejected);
  }
}
