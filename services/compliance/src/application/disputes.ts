import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type DisputeResource,
  type ListDisputesCommand,
  type SubmitDisputeEvidenceCommand,
} from '@platform/contracts';
import { disputeResourceOf } from '../domain/dispute-views';
import { DisputesRepository } from '../infrastructure/disputes.repository';
import { DisputeWriter } from './dispute-writer';

/** The account's side of its disputes: read them, answer one with evidence. */
@Injectable()
export class Disputes {
  constructor(
    private readonly disputes: DisputesRepository,
    private readonly writer: DisputeWriter,
  ) {}

  async get(account_id: string, dispute_id: string): Promise<DisputeResource> {
    const state = await this.disputes.read(account_id, dispute_id);
    if (!state) throw new DomainError('not_found', 'no such dispute');
    return disputeResourceOf(state);
  }

  async list(command: ListDisputesCommand): Promise<{ disputes: DisputeResource[] }> {
    const states = await this.disputes.list(command.account_id, command.limit, command.offset);
    return { disputes: states.map(disputeResourceOf) };
  }

  async submitEvidence(command: SubmitDisputeEvidenceCommand): Promise<DisputeResource> {
    const state = await this.writer.write(command, () => ({
      type: 'submit_evidence',
      data: { text: command.text, now: new Date().toISOString() },
    }));
    return disputeResourceOf(state);
  }
}
