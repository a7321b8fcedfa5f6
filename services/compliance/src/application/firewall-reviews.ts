import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  PAYOUTS_COMMANDS,
  REVIEW_FILE_MAX_BYTES,
  REVIEW_MAX_FILES,
  type AnswerReviewInfoCommand,
  type AttachReviewFileCommand,
  type ReviewerDecisionCommand,
  type ReviewResource,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { ObjectStorage } from '@platform/object-storage';
import { decide } from '../domain/review-decide';
import type { ReviewCommand, ReviewFile, Reviewer } from '../domain/review-events';
import { sniffReviewFile } from '../domain/review-files';
import type { ReviewState } from '../domain/review-state';
import { reviewResourceOf } from '../domain/review-views';
import { VERIFICATION_DOCUMENTS } from '../infrastructure/document-storage';
import { ReviewsRepository } from '../infrastructure/reviews.repository';
import { decodeBase64 } from './onboarding';
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

  async attachFile(command: AttachReviewFileCommand): Promise<ReviewFile> {
    const scope = { account_id: command.account_id };
    const bytes = decodeBase64(command.content_base64);
    if (bytes.length > REVIEW_FILE_MAX_BYTES) {
      throw new DomainError('file_too_large', 'a review file may be at most 50 MB');
    }
    if (bytes.length === 0) throw new DomainError('empty_file', 'the file is empty');
    const content_type = sniffReviewFile(bytes, command.filename);
    if (!content_type) {
      throw new DomainError(
        'unsupported_file_type',
        'accepted files: PDF, PNG, JPEG, WEBP, TXT, CSV, DOC, DOCX, XLS, XLSX',
      );
    }
    const file: ReviewFile = {
      file_id: randomUUID(),
      filename: command.filename.trim() || 'file',
      content_type,
      size_bytes: bytes.length,
      uploaded_at: new Date().toISOString(),
    };
    const attach: ReviewCommand = {
      type: 'attach_file',
      file,
      max_files: REVIEW_MAX_FILES,
      at: file.uploaded_at,
    };
    // Refused before anything is stored (a decided review, the file limit).
    const current = await this.writer.read(command.review_id, scope);
    decide(attach, current);
    const key = reviewFileKey(current, file.file_id);
    await this.storage.put(key, bytes, { content_type });
    try {
      await this.writer.write(command.review_id, scope, attach);
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
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

  /** The held payout learns the outcome: debited and dispatched, or failed before any debit. */
  private async tellOperation(state: ReviewState, outcome: 'released' | 'rejected'): Promise<void> {
    const command =
      outcome === 'released' ? PAYOUTS_COMMANDS.release_review : PAYOUTS_COMMANDS.reject_review;
    try {
      await this.bus.send(command, { payout_id: state.operation_id });
    } catch (error) {
      // The review's outcome stands; the operator's payout route can still apply it.
      this.logger.error(
        `payout ${state.operation_id} did not take review ${state.review_id}'s outcome ${outcome}`,
        error instanceof Error ? error.stack : String(error),
      );
      throw error;
    }
  }
}
