import { Injectable } from '@nestjs/common';
import {
  DomainError,
  IDENTITY_VERIFICATION_COMMANDS,
  type ReopenVerificationCommand,
  type VerificationView,
  type DecideVerificationCommand,
  type ListVerificationsCommand,
  type VerificationSummary,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { initialVerification } from '../domain/verification-state';
import { verificationSummaryOf, verificationViewOf } from '../domain/verification-views';
import { kindOf } from './self-verification';
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
    private readonly bus: BusClient,
  ) {}

  /** A rejected (or approved) account may verify again; another organization's is `not_found`. */
  async reopen(command: ReopenVerificationCommand): Promise<VerificationView> {
    const subject = await this.bus.send(IDENTITY_VERIFICATION_COMMANDS.get_subject, {
      account_id: command.account_id,
      member_id: null,
    });
    if (command.org_id !== null && subject.org_id !== command.org_id)
      throw new DomainError('not_found', 'account not found');
    const { state } = await this.writer.write(
      command.account_id,
      () => ({ type: 'reopen', data: { now: new Date().toISOString() } }),
      {
        initial: () => ({
          ...initialVerification(command.account_id, subject.org_id, kindOf(subject.type)),
          status: subject.kyc_status,
        }),
      },
    );
    return verificationViewOf(state, state.kind);
  }

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
