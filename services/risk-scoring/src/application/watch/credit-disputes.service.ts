import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import {
  DomainError,
  type DecideCreditDisputeCommand,
  type GetCreditDisputeCommand,
  type ListSubjectDisputesCommand,
  type OpenCreditDisputeCommand,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { decide } from '../../domain/disputes/credit-dispute';
import {
  creditDisputeResource,
  disputeStateOf,
  type CreditDisputeRow,
  type CreditDisputesRepository,
} from '../../infrastructure/watch/credit-disputes.repository';
import type { ReportsService } from '../reports.service';
import type { MonitoringRescoring } from './monitoring-rescoring';
import { latestReportOf, subjectFieldsOf, subjectKeyOf } from './reported-subject';

const disputeStream = (dispute_id: string): string => `risk-dispute-${dispute_id}`;

/**
 * Disputes of credit-report factors (decisions D10): opened by the account on a factor of its
 * latest report of the subject, decided once by an operator (or, in the sandbox, by the account
 * itself). Each change publishes `dispute_status_changed` with `kind: credit_report`. A dispute
 * resolved in the subject's favour neutralizes the factor in later evaluations, so the
 * subject's monitors are rescored in the same transaction.
 */
export class CreditDisputesService {
  constructor(
    private readonly pool: Pool,
    private readonly disputes: CreditDisputesRepository,
    private readonly reports: ReportsService,
    private readonly rescoring: MonitoringRescoring,
    private readonly events: PgEventStore,
  ) {}

  async open(command: OpenCreditDisputeCommand) {
    const key = subjectKeyOf(command.country, command.doc_id);
    const report = await latestReportOf(this.reports, command.account_id, key);
    const open = await this.disputes.openOf(
      this.pool,
      command.account_id,
      key.country,
      key.doc_id,
      command.factor_code,
    );
    const at = new Date();
    const [opened] = decide(
      {
        type: 'open',
        factor_code: command.factor_code,
        reason: command.reason,
        factors: report.evaluation.factors,
        at: at.toISOString(),
      },
      open ? disputeStateOf(open) : null,
    );
    if (opened?.type !== 'opened') return { dispute: creditDisputeResource(open!), created: false };
    return withTransaction(this.pool, async (client) => {
      const inserted = await this.disputes.insert(client, {
        dispute_id: randomUUID(),
        account_id: command.account_id,
        org_id: command.org_id,
        ...report.subject,
        report_id: report.report_id,
        factor_code: opened.factor.code,
        factor_description: opened.factor.description,
        reason: opened.reason,
        status: 'open',
        decision_note: null,
        decided_at: null,
        created_at: at,
        updated_at: at,
      });
      if (!inserted) {
        // A concurrent dispute of the same factor won: answer it.
        const winner = await this.disputes.openOf(
          client,
          command.account_id,
          key.country,
          key.doc_id,
          command.factor_code,
        );
        if (!winner) throw new Error('an open dispute conflicted and then vanished');
        return { dispute: creditDisputeResource(winner), created: false };
      }
      await this.publish(client, inserted, null);
      return { dispute: creditDisputeResource(inserted), created: true };
    });
  }

  async list(command: ListSubjectDisputesCommand) {
    const key = subjectKeyOf(command.country, command.doc_id);
    const rows = await this.disputes.listOfSubject(
      command.account_id,
      key.country,
      key.doc_id,
      command.limit,
      command.offset,
    );
    return { disputes: rows.map(creditDisputeResource) };
  }

  async get(command: GetCreditDisputeCommand) {
    const row = await this.disputes.get(command.account_id, command.dispute_id);
    if (!row) throw new DomainError('not_found', 'no such dispute');
    return creditDisputeResource(row);
  }

  async decide(command: DecideCreditDisputeCommand) {
    return withTransaction(this.pool, async (client) => {
      const row = await this.disputes.lock(client, command.dispute_id, command.account_id);
      if (!row) throw new DomainError('not_found', 'no such dispute');
      const at = new Date();
      const decided = decide(
        { type: 'decide', decision: command.decision, note: command.note, at: at.toISOString() },
        disputeStateOf(row),
      );
      if (decided.length === 0) return creditDisputeResource(row);
      const updated = await this.disputes.decide(
        client,
        row.dispute_id,
        command.decision,
        command.note,
        at,
      );
      await this.publish(client, updated, 'open');
      if (updated.status === 'resolved')
        await this.rescoring.scheduleRescoring(client, updated.doc_id, updated.country);
      return creditDisputeResource(updated);
    });
  }

  private async publish(
    client: PoolClient,
    row: CreditDisputeRow,
    previous_status: 'open' | null,
  ): Promise<void> {
    await this.events.appendInTransaction(
      client,
      disputeStream(row.dispute_id),
      [
        {
          type: 'risk-scoring.credit_dispute_status_changed',
          data: {
            kind: 'credit_report',
            dispute_id: row.dispute_id,
            account_id: row.account_id,
            ...subjectFieldsOf(row),
            report_id: row.report_id,
            factor_code: row.factor_code,
            status: row.status,
            previous_status,
            updated_at: row.updated_at.toISOString(),
          },
          org_id: row.org_id,
          account_id: row.account_id,
        },
      ],
      { expected_version: 'any' },
    );
  }
}
