import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type DisputeResource,
  type EvidenceFileContent,
  type GetDisputeFileCommand,
  type ListDisputesCommand,
  type SubmitDisputeEvidenceCommand,
} from '@platform/contracts';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { decide } from '../domain/dispute-decide';
import type { DisputeCommand, DisputeState } from '../domain/dispute-state';
import { disputeResourceOf } from '../domain/dispute-views';
import { acceptEvidenceFile } from '../domain/evidence-files';
import { VERIFICATION_DOCUMENTS } from '../infrastructure/document-storage';
import { DisputesRepository } from '../infrastructure/disputes.repository';
import { DisputeWriter } from './dispute-writer';
import {
  evidenceContent,
  storedWith,
  uploadedBytes,
  type EvidenceUpload,
} from './evidence-storage';

export const disputeFileKey = (state: DisputeState, file_id: string): string =>
  `disputes/${state.account_id}/${state.dispute_id}/${file_id}`;

/** The account's side of its disputes: read them, answer one with evidence text and files. */
@Injectable()
export class Disputes {
  constructor(
    private readonly disputes: DisputesRepository,
    private readonly writer: DisputeWriter,
    @Inject(VERIFICATION_DOCUMENTS) private readonly storage: ObjectStorage,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  async get(account_id: string, dispute_id: string): Promise<DisputeResource> {
    return disputeResourceOf(await this.read(account_id, dispute_id));
  }

  async list(command: ListDisputesCommand): Promise<{ disputes: DisputeResource[] }> {
    const states = await this.disputes.list(command.account_id, command.limit, command.offset);
    return { disputes: states.map(disputeResourceOf) };
  }

  /**
   * Every file is checked, and the evidence judged against the dispute, before anything is
   * stored; the files and the state naming them are kept together or not at all.
   */
  async submitEvidence(command: SubmitDisputeEvidenceCommand): Promise<DisputeResource> {
    const now = new Date().toISOString();
    const received = [];
    for (const upload of command.files ?? []) {
      const bytes = await uploadedBytes(this.transfers, upload);
      const file = acceptEvidenceFile({
        file_id: randomUUID(),
        filename: upload.filename,
        bytes,
        at: now,
      });
      received.push({ bytes, file });
    }
    const submit: DisputeCommand = {
      type: 'submit_evidence',
      data: { text: command.text, files: received.map(({ file }) => file), now },
    };
    const current = await this.read(command.account_id, command.dispute_id);
    decide(submit, current);
    const uploads: EvidenceUpload[] = received.map(({ bytes, file }) => ({
      key: disputeFileKey(current, file.file_id),
      bytes,
      file,
    }));
    const state = await storedWith(this.storage, uploads, () =>
      this.writer.write(command, () => submit),
    );
    return disputeResourceOf(state);
  }

  /** An evidence file's bytes; an unknown file or another account's dispute is `not_found`. */
  async file(command: GetDisputeFileCommand): Promise<EvidenceFileContent> {
    const state = await this.read(command.account_id, command.dispute_id);
    const file = state.evidence?.files?.find((candidate) => candidate.file_id === command.file_id);
    return evidenceContent(
      this.storage,
      this.transfers,
      disputeFileKey(state, command.file_id),
      file,
    );
  }

  private async read(account_id: string, dispute_id: string): Promise<DisputeState> {
    const state = await this.disputes.read(account_id, dispute_id);
    if (!state) throw new DomainError('not_found', 'no such dispute');
    return state;
  }
}
