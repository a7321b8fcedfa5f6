import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { DomainError } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { COMPLIANCE_SETTINGS, type ComplianceSettings } from '../compliance.settings';
import { execute, holdSettlementOf } from '../domain/dispute-decide';
import type { DisputeCommand, DisputeOpening, DisputeState } from '../domain/dispute-state';
import { statusChangedOf } from '../domain/dispute-views';
import { COMPLIANCE_EVENTS, disputeStream } from '../infrastructure/compliance-events';
import { COMPLIANCE_JOBS } from '../infrastructure/compliance-jobs';
import { DisputesRepository } from '../infrastructure/disputes.repository';

export const DISPUTE_OPEN_TASK = 'dispute_open';
export const DISPUTE_DECIDE_TASK = 'dispute_decide';
export const DISPUTE_SETTLE_TASK = 'dispute_settle';

export interface DisputeRef {
  account_id: string;
  dispute_id: string;
  [key: string]: unknown;
}

/**
 * Runs one command against a dispute in one transaction: the new state, its public event
 * (outbox) and the job that follows (the network's decision, the ledger's release or capture)
 * are committed together or not at all.
 */
@Injectable()
export class DisputeWriter {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(COMPLIANCE_EVENTS) private readonly events: PgEventStore,
    @Inject(COMPLIANCE_JOBS) private readonly jobs: JobQueue,
    @Inject(COMPLIANCE_SETTINGS) private readonly settings: ComplianceSettings,
    private readonly disputes: DisputesRepository,
  ) {}

  /** Opens the payin's dispute; a payin that has one already changes nothing. */
  async open(opening: DisputeOpening): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const { events, state } = execute({ type: 'open', data: opening }, null);
      if (!state || events.length === 0) return;
      if (!(await this.disputes.insert(client, state))) return;
      await this.publish(client, state);
    });
  }

  async write(ref: DisputeRef, command: (state: DisputeState) => DisputeCommand) {
    return withTransaction(this.pool, async (client) => {
      const current = await this.disputes.lock(client, ref.account_id, ref.dispute_id);
      if (!current) throw new DomainError('not_found', 'no such dispute');
      const { events, state } = execute(command(current), current);
      if (!state || events.length === 0) return current;
      await this.disputes.save(client, state);
      await this.publish(client, state);
      await this.scheduleNext(client, state);
      return state;
    });
  }

  private async publish(client: PoolClient, state: DisputeState): Promise<void> {
    await this.events.appendInTransaction(
      client,
      disputeStream(state.dispute_id),
      [
        {
          type: 'compliance.dispute_status_changed',
          data: statusChangedOf(state),
          org_id: state.org_id,
          account_id: state.account_id,
        },
      ],
      { expected_version: 'any' },
    );
  }

  private async scheduleNext(client: PoolClient, state: DisputeState): Promise<void> {
    const ref: DisputeRef = { account_id: state.account_id, dispute_id: state.dispute_id };
    if (state.status === 'under_review')
      await this.jobs.scheduleInTransaction(client, DISPUTE_DECIDE_TASK, ref, {
        delay_ms: this.settings.SANDBOX_STEP_MS,
        job_key: `dispute-decide-${state.dispute_id}`,
      });
    if (holdSettlementOf(state))
      await this.jobs.scheduleInTransaction(client, DISPUTE_SETTLE_TASK, ref, {
        job_key: `dispute-settle-${state.dispute_id}`,
      });
  }
}
