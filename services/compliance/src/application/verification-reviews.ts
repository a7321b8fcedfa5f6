import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type DecideVerificationCommand,
  type ListVerificationsCommand,
  type VerificationSummary,
} from '@platform/contracts';
import { verificationSummaryOf } from '../domain/verification-views';
import { VerificationsRepository } from '../infrastructure/verifications.repository';
import { VerificationWriter } from './verification-writer';

/**
 * The review queue of submitted verifications: the operator sees every organization's, an
 * organization admin its own. Another organization's submission is `not_found`.
 */
@Injectable()
export class VerificationReviews {
  constructor(
    private readonly verifications: VerificationsRepository,
    private readonly writer: VerificationWriter,
  ) {}

  async list(command: ListVerificationsCommand): Promise<{ verifications: VerificationSummary[] }> {
    const states = await this.verifications.queue(command);
    return { verifications: states.map(verificationSummaryOf) };
  }

  async decide(command: DecideVerificationCommand): Promise<VerificationSummary> {
    const account_id = await this.verifications.accountOfSubmission(command.submission_id);
    const state = account_id ? await this.verifications.read(account_id) : null;
    if (!account_id || !state || (command.org_id !== null && state.org_id !== command.org_id))
      throw new DomainError('not_found', 'verification not found');
    const { state: decided } = await this.writer.write(account_id, (current) => {
      if (current.submission_id !== command.submission_id)
        throw new DomainError('not_found', 'verification not found');
      return {
        type: 'decide',
        data: {
          decision: command.decision,
          comments: command.comments ?? [],
          now: new Date().toISOString(),
        },
      };
    });
    return verificationSummaryOf(decided);
  }
}
