import { Controller } from '@nestjs/common';
import {
  CRYPTO_WITHDRAWAL_COMMANDS,
  type OpenWithdrawalReviewCommand,
  REVIEW_COMMANDS,
  type AnswerReviewInfoCommand,
  type AttachReviewFileCommand,
  type ReviewerDecisionCommand,
  type ReviewerGetCommand,
  type ReviewFileCommand,
  type ReviewQueueCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { FirewallReviews } from '../application/firewall-reviews';
import { WithdrawalReviewOpener } from '../application/withdrawal-reviews';

/** Firewall reviews: their account's reads, files and answers, and reviewers' decisions. */
@Controller()
export class ReviewMessages {
  constructor(
    private readonly reviews: FirewallReviews,
    // crypto withdrawals (issue 15)
    private readonly withdrawal_reviews: WithdrawalReviewOpener,
  ) {}

  /** A crypto withdrawal to a severe-risk destination is held for review (issue 15). */
  @Handles(CRYPTO_WITHDRAWAL_COMMANDS.open_review)
  openWithdrawalReview(command: OpenWithdrawalReviewCommand) {
    return this.withdrawal_reviews.open(command);
  }

  @Handles(REVIEW_COMMANDS.list)
  list(command: { account_id: string; limit: number; offset: number }) {
    return this.reviews.list(command);
  }

  @Handles(REVIEW_COMMANDS.get)
  get(command: { review_id: string; account_id: string }) {
    return this.reviews.get(command);
  }

  @Handles(REVIEW_COMMANDS.queue)
  queue(command: ReviewQueueCommand) {
    return this.reviews.queue(command);
  }

  @Handles(REVIEW_COMMANDS.reviewer_get)
  reviewerGet(command: ReviewerGetCommand) {
    return this.reviews.reviewerGet(command);
  }

  @Handles(REVIEW_COMMANDS.get_file)
  file(command: ReviewFileCommand) {
    return this.reviews.file(command);
  }

  @Handles(REVIEW_COMMANDS.attach_file)
  attachFile(command: AttachReviewFileCommand) {
    return this.reviews.attachFile(command);
  }

  @Handles(REVIEW_COMMANDS.answer_info)
  answerInfo(command: AnswerReviewInfoCommand) {
    return this.reviews.answerInfo(command);
  }

  @Handles(REVIEW_COMMANDS.decide)
  decide(command: ReviewerDecisionCommand) {
    return this.reviews.reviewerDecision(command);
  }
}
