import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, type VerifiedIdentity } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { COMPLIANCE_SETTINGS, type ComplianceSettings } from '../compliance.settings';
import { execute } from '../domain/verification-decide';
import type { VerificationCommand, VerificationEvent } from '../domain/verification-events';
import { publishedOf } from '../domain/verification-public-events';
import type { VerificationState } from '../domain/verification-state';
import { COMPLIANCE_EVENTS, verificationStream } from '../infrastructure/compliance-events';
import { COMPLIANCE_JOBS } from '../infrastructure/compliance-jobs';
import { VerificationsRepository } from '../infrastructure/verifications.repository';

export const ADVANCE_TASK = 'verification_advance';
export const ANNOUNCE_TASK = 'verification_announce';

export interface AnnouncePayload {
  account_id: string;
  kyc_status: VerificationState['status'];
  verified: VerifiedIdentity | null;
  [key: string]: unknown;
}

export interface WriteOptions {
  /** The state of an account that has none yet (its first link). */
  initial?: () => VerificationState;
  /** A new link's token hash, stored with the state that names it. */
  link?: { token_hash: string; link_id: string; expires_at: string };
}

/**
 * Runs one command against an account's verification in one transaction: the new state, the
 * public events (outbox), the next check step and the announcement of a changed status to
 * identity are committed together or not at all.
 */
@Injectable()
export class VerificationWriter {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(COMPLIANCE_EVENTS) private readonly events: PgEventStore,
    @Inject(COMPLIANCE_JOBS) private readonly jobs: JobQueue,
    @Inject(COMPLIANCE_SETTINGS) private readonly settings: ComplianceSettings,
    private readonly verifications: VerificationsRepository,
  ) {}

  async write(
    account_id: string,
    command: (state: VerificationState) => VerificationCommand,
    options: WriteOptions = {},
  ): Promise<{ state: VerificationState; events: VerificationEvent[] }> {
    return withTransaction(this.pool, async (client) => {
      const current = (await this.verifications.lock(client, account_id)) ?? options.initial?.();
      if (!current) throw new DomainError('verification_not_found', 'no verification was started');
      const { events, state } = execute(command(current), current);
      if (events.length === 0) return { state, events };
      await this.verifications.save(client, state);
      if (options.link) await this.verifications.addLink(client, { ...options.link, account_id });
      const published = events.flatMap((event) => publishedOf(event, state) ?? []);
      if (published.length > 0)
        await this.events.appendInTransaction(
          client,
          verificationStream(account_id),
          published.map((event) => ({
            ...event,
            org_id: state.org_id,
            account_id: state.account_id,
          })),
          { expected_version: 'any' },
        );
      if (state.status !== current.status) {
        const payload: AnnouncePayload = {
          account_id,
          kyc_status: state.status,
          verified: state.status === 'approved' ? state.identity : null,
        };
        // One queue per account: identity learns its statuses in the order they were decided.
        await this.jobs.scheduleInTransaction(client, ANNOUNCE_TASK, payload, {
          queue_name: `verification-${account_id}`,
        });
      }
      if (state.phase === 'processing') {
        const first = current.phase !== 'processing';
        await this.jobs.scheduleInTransaction(
          client,
          ADVANCE_TASK,
          { account_id },
          {
            delay_ms: first ? 0 : this.settings.SANDBOX_STEP_MS,
            job_key: `advance-${account_id}`,
          },
        );
      }
      return { state, events };
    });
  }
}
