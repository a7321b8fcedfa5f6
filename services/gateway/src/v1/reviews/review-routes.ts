import { REVIEW_COMMANDS, REVIEW_STATUSES, type ReviewScope } from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import type { FastifyReply } from 'fastify';
import { pageBody, parsePagination, sendAttachment, type PaginationQuery } from '../../http';
import { statusFilter } from '../status-filter';

export const REVIEW_QUEUE_DESCRIPTION = [
  'Newest first; `status=in_review | info_requested | released | rejected` (else 400',
  '`invalid_status`), `page`, `page_size`. Each review is shown as to its account, with the',
  '`account_id` whose operation it holds; `in_review` is the queue awaiting a decision.',
].join(' ');

export const REVIEW_FILE_DESCRIPTION = [
  'The bytes of a file attached to the review, under the content type read from them at upload',
  '(`Content-Disposition: attachment`). 404 `not_found`: an unknown file, or a review out of',
  "reach (another account's or organization's). An id over 200 characters: 400 `invalid_request`.",
].join(' ');

/** One page of the reviewers' queue: an organization's reviews, or every one for the operator. */
export async function reviewQueue(
  bus: BusClient,
  scope: { org_id: string } | { operator: true },
  query: PaginationQuery & { status?: unknown },
) {
  const pagination = parsePagination(query);
  const status = statusFilter(REVIEW_STATUSES, query.status);
  const reply = await bus.send(REVIEW_COMMANDS.queue, {
    scope,
    ...(status ? { status } : {}),
    limit: pagination.limit,
    offset: pagination.offset,
  });
  return pageBody('reviews', pagination, reply.reviews);
}

/** A review file downloaded by whoever the scope names. */
export async function sendReviewFile(
  bus: BusClient,
  transfers: TransferArea,
  reply: FastifyReply,
  command: { review_id: string; file_id: string; scope: ReviewScope },
): Promise<FastifyReply> {
  return sendAttachment(reply, transfers, await bus.send(REVIEW_COMMANDS.get_file, command));
}
