import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type GetContractEnvelopeCommand } from '@platform/contracts';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { ContractTemplatesRepository } from '../../infrastructure/contracts/contract-templates.repository';
import { VERIFICATION_DOCUMENTS } from '../../infrastructure/document-storage';
import { ContractEnvelopes } from './contract-envelopes';
import { renderEnvelopePdf } from './contract-pdfs';

/**
 * An envelope's PDF for its account: the stored signed PDF (the very bytes its hash was taken
 * of), or an unsigned preview rendered on demand. Copied into the transfer area for the gateway
 * to stream: bytes never ride on the bus.
 */
@Injectable()
export class ContractDownloads {
  constructor(
    @Inject(VERIFICATION_DOCUMENTS) private readonly storage: ObjectStorage,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
    private readonly envelopes: ContractEnvelopes,
    private readonly templates: ContractTemplatesRepository,
  ) {}

  async pdf(command: GetContractEnvelopeCommand) {
    const state = await this.envelopes.read(command.account_id, command.envelope_id);
    const filename = `contract-${state.envelope_id}${state.signature ? '-signed' : '-preview'}.pdf`;
    if (state.signature) {
      const stored = await this.storage.getStream(state.signature.pdf_key);
      if (!stored) throw new DomainError('not_found', 'the signed PDF is not available');
      const transfer_key = await this.transfers.put(stored.body, 'application/pdf');
      return {
        filename,
        content_type: 'application/pdf' as const,
        transfer_key,
        size_bytes: stored.size_bytes,
      };
    }
    const template = await this.templates.resolve(state.org_id, state.template_id);
    const pdf = await renderEnvelopePdf(state, template?.fields ?? [], null);
    const transfer_key = await this.transfers.put(pdf, 'application/pdf');
    return {
      filename,
      content_type: 'application/pdf' as const,
      transfer_key,
      size_bytes: pdf.length,
    };
  }
}
