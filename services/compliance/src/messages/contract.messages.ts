import { Controller } from '@nestjs/common';
import {
  CONTRACT_COMMANDS,
  type CreateContractEnvelopeCommand,
  type CreateContractTemplateCommand,
  type GetContractEnvelopeCommand,
  type ListContractEnvelopesCommand,
  type ListContractTemplatesCommand,
  type SignContractCommand,
  type VerifyContractCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { ContractDownloads } from '../application/contracts/contract-downloads';
import { ContractEnvelopes } from '../application/contracts/contract-envelopes';
import { ContractSigning } from '../application/contracts/contract-signing';
import { ContractTemplates } from '../application/contracts/contract-templates';

/** Contracts (decisions D11): templates, envelopes, signing and the public verification. */
@Controller()
export class ContractMessages {
  constructor(
    private readonly templates: ContractTemplates,
    private readonly envelopes: ContractEnvelopes,
    private readonly signing: ContractSigning,
    private readonly downloads: ContractDownloads,
  ) {}

  @Handles(CONTRACT_COMMANDS.create_template)
  createTemplate(command: CreateContractTemplateCommand) {
    return this.templates.create(command);
  }

  @Handles(CONTRACT_COMMANDS.list_templates)
  listTemplates(command: ListContractTemplatesCommand) {
    return this.templates.list(command);
  }

  @Handles(CONTRACT_COMMANDS.create_envelope)
  createEnvelope(command: CreateContractEnvelopeCommand) {
    return this.envelopes.create(command);
  }

  @Handles(CONTRACT_COMMANDS.list_envelopes)
  listEnvelopes(command: ListContractEnvelopesCommand) {
    return this.envelopes.list(command);
  }

  @Handles(CONTRACT_COMMANDS.get_envelope)
  getEnvelope(command: GetContractEnvelopeCommand) {
    return this.envelopes.get(command.account_id, command.envelope_id);
  }

  @Handles(CONTRACT_COMMANDS.sign_envelope)
  sign(command: SignContractCommand) {
    return this.signing.sign(command);
  }

  @Handles(CONTRACT_COMMANDS.get_pdf)
  pdf(command: GetContractEnvelopeCommand) {
    return this.downloads.pdf(command);
  }

  @Handles(CONTRACT_COMMANDS.verify)
  verify(command: VerifyContractCommand) {
    return this.signing.verify(command.code);
  }
}
