import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CRYPTO_WITHDRAWAL_COMMANDS,
  PAYOUTS_COMMANDS,
  REVIEW_MAX_FILES,
  type AnswerReviewInfoCommand,
  type AttachReviewFileCommand,
  type EvidenceFileContent,
  type ReviewerDecisionCommand,
  type ReviewerGetCommand,
  type ReviewerReviewResource,
  type ReviewFileCommand,
  type ReviewQueueCommand,
  type ReviewResource,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { decide } from '../domain/review-decide';
import type { ReviewCommand, ReviewFile, Reviewer } from '../domain/review-events';
import { acceptEvidenceFile } from '../domain/evidence-files';
import type { ReviewState } from '../domain/review-state';
import { reviewerResourceOf, reviewResourceOf } from '../domain/review-views';
import { VERIFICATION_DOCUMENTS } from '../infrastructure/document-storage';
import { ReviewsRepository } from '../infrastructure/reviews.repository';
import { evidenceContent, storedWith, uploadedBytes } from './evidence-storage';
import { ReviewWriter, type ReviewScope } from './review-writer';

export const reviewFileKey = (state: ReviewState, file_id: string): string =>
  `reviews/${state.account_id}/${state.review_id}/${file_id}`;

/**
 * Firewall reviews as their account and their reviewers use them (decisions D8). A reviewer's
 * decision that ends the review tells the held operation at once: a released payout is debited
 * and dispatched, a rejected one fails before any debit (payouts then confirms the outcome
 * back through `compliance.decide_review`, which finds it already taken).
 */
@Injectable()
export class FirewallReviews {
  private readonly logger = new Logger(FirewallReviews.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly writer: ReviewWriter,
    private readonly bus: BusClient,
    @Inject(VERIFICATION_DOCUMENTS) private readonly storage: ObjectStorage,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  async list(command: {
    account_id: string;
    limit: number;
    offset: number;
  }): Promise<{ reviews: ReviewResource[] }> {
    const states = await this.reviews.listOfAccount(
      command.account_id,
      command.limit,
      command.offset,
    );
    return { reviews: states.map(reviewResourceOf) };
  }

  async get(command: { review_id: string; account_id: string }): Promise<ReviewResource> {
    return reviewResourceOf(await this.writer.read(command.review_id, command));
  }

  /** The reviewers' queue: their organization's reviews (every one, for the operator). */
  async queue(command: ReviewQueueCommand): Promise<{ reviews: ReviewerReviewResource[] }> {
    const org_id = 'org_id' in command.scope ? command.scope.org_id : null;
    const states = await this.reviews.listForReviewers({
      org_id,
      status: command.status ?? null,
      limit: command.limit,
      offset: command.offset,
    });
    return { reviews: states.map(reviewerResourceOf) };
  }

  async reviewerGet(command: ReviewerGetCommand): Promise<ReviewerReviewResource> {
    return reviewerResourceOf(await this.writer.read(command.review_id, command.scope));
  }

  /** A file's bytes; an unknown file, or a review out of scope, is `not_found`. */
  async file(command: ReviewFileCommand): Promise<EvidenceFileContent> {
    const state = await this.writer.read(command.review_id, command.scope);
    const file = state.files.find((candidate) => candidate.file_id === command.file_id);
    return evidenceContent(
      this.storage,
      this.transfers,
      reviewFileKey(state, command.file_id),
      file,
    );
  }

  async attachFile(command: AttachReviewFileCommand): Promise<ReviewFile> {
    const scope = { account_id: command.account_id };
    const bytes = await uploadedBytes(this.transfers, command);
    const file = acceptEvidenceFile({
      file_id: randomUUID(),
      filename: command.filename,
      bytes,
      at: new Date().toISOString(),
    });
    const attach: ReviewCommand = {
      type: 'attach_file',
      file,
      max_files: REVIEW_MAX_FILES,
      at: file.uploaded_at,
    };
    // Refused before anything is stored (a decided review, the file limit).
    const current = await this.writer.read(command.review_id, scope);
    decide(attach, current);
    const upload = { key: reviewFileKey(current, file.file_id), bytes, file };
    await storedWith(this.storage, [upload], () =>
      this.writer.write(command.review_id, scope, attach),
    );
    return file;
  }

  async answerInfo(command: AnswerReviewInfoCommand): Promise<ReviewResource> {
    const { state } = await this.writer.write(
      command.review_id,
      { account_id: command.account_id },
      { type: 'answer_info', text: command.text, at: new Date().toISOString() },
    );
    return reviewResourceOf(state);
  }

  async reviewerDecision(command: ReviewerDecisionCommand): Promise<ReviewResource> {
    const scope: ReviewScope =
      command.org_id === null ? { operator: true } : { org_id: command.org_id };
    const { state, events } = await this.writer.write(command.review_id, scope, {
      type: command.decision,
      reviewer: command.reviewer as Reviewer,
      comment: command.comment,
      at: new Date().toISOString(),
    });
    const ended = events.find((event) => event.type === 'released' || event.type === 'rejected');
    if (ended) await this.tellOperation(state, ended.type);
    return reviewResourceOf(state);
  }

  /**
   * The held operation learns the outcome: a payout is debited and dispatched, or fails before
   * any debit; a crypto withdrawal (funds held since its create) is broadcast, or fails with its
   * hold released.
   */
  private async tellOperation(state: ReviewState, outcome: 'released' | 'rejected'): Promise<void> {
    try {
      if (state.operation_kind === 'crypto_withdrawal') {
        const command =
          outcome === 'released'
            ? CRYPTO_WITHDRAWAL_COMMANDS.release_review
            : CRYPTO_WITHDRAWAL_COMMANDS.reject_review;
        await this.bus.send(command, { withdrawal_id: state.operation_id });
        return;
      }
      const command =
        outcome === 'released' ? PAYOUTS_COMMANDS.release_review : PAYOUTS_COMMANDS.reject_review;
      await this.bus.send(command, { payout_id: state.operation_id });
    } catch (error) {
      // The review's outcome stands; the operator's payout route can still apply it.
      this.logger.error(
        `${state.operation_kind} ${state.operation_id} did not take review ${state.review_id}'s outcome ${outcome}`,
        error instanceof Error ? error.stack : String(error),
      );
      throw error;
    }
  }
}
