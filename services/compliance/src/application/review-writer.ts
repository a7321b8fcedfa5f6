import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { changesStatus, execute } from '../domain/review-decide';
import type { ReviewCommand, ReviewEvent } from '../domain/review-events';
import type { ReviewState } from '../domain/review-state';
import { COMPLIANCE_EVENTS } from '../infrastructure/compliance-events';
import { ReviewsRepository } from '../infrastructure/reviews.repository';

export const reviewStream = (review_id: string): string => `review-${review_id}`;

/** Who may touch the review: its account, an admin of its organization, or the operator. */
export type ReviewScope = { account_id: string } | { org_id: string } | { operator: true };

export function inScope(state: ReviewState, scope: ReviewScope): boolean {
  if ('operator' in scope) return true;
  if ('account_id' in scope) return state.account_id === scope.account_id;
  return state.org_id === scope.org_id;
}

/**
 * Runs one command against a review in one transaction: the new state and, for a changed
 * status, `compliance.review_status_changed` (outbox) are committed together or not at all.
 */
@Injectable()
export class ReviewWriter {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(COMPLIANCE_EVENTS) private readonly events: PgEventStore,
    private readonly reviews: ReviewsRepository,
  ) {}

  /** The review in scope, unlocked (another account's or organization's: `not_found`). */
  async read(review_id: string, scope: ReviewScope): Promise<ReviewState> {
    const state = await this.reviews.read(review_id);
    if (!state || !inScope(state, scope)) throw new DomainError('not_found', 'review not found');
    return state;
  }

  async write(
    review_id: string,
    scope: ReviewScope,
    command: ReviewCommand,
  ): Promise<{ state: ReviewState; events: ReviewEvent[] }> {
    return withTransaction(this.pool, async (client) => {
      const current = await this.reviews.lock(client, review_id);
      if (!current || !inScope(current, scope)) {
        throw new DomainError('not_found', 'review not found');
      }
      const { events, state } = execute(command, current);
      if (events.length === 0) return { state, events };
      await this.reviews.save(client, state);
      if (events.some(changesStatus)) {
        await this.events.appendInTransaction(
          client,
          reviewStream(review_id),
          [
            {
              type: 'compliance.review_status_changed',
              org_id: state.org_id,
              account_id: state.account_id,
              data: {
                account_id: state.account_id,
                review_id: state.review_id,
                operation_kind: state.operation_kind,
                operation_id: state.operation_id,
                status: state.status,
              },
            },
          ],
          { expected_version: 'any' },
        );
      }
      return { state, events };
    });
  }
}
