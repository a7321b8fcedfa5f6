import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  DISPUTE_COMMANDS,
  eventEnvelopeSchema,
  parseEventData,
  type GetDisputeCommand,
  type GetDisputeFileCommand,
  type ListDisputesCommand,
  type SubmitDisputeEvidenceCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { DisputeSteps } from '../application/dispute-steps';
import { Disputes } from '../application/disputes';

/** Payment disputes (decisions D8): the account's commands, and the payins they come of. */
@Controller()
export class DisputeMessages {
  constructor(
    private readonly disputes: Disputes,
    private readonly steps: DisputeSteps,
  ) {}

  @EventPattern('events.payins')
  async payinEvent(@Payload() payload: unknown): Promise<void> {
    const envelope = eventEnvelopeSchema.parse(payload);
    if (envelope.type !== 'payins.payin_credited' || envelope.environment !== 'test') return;
    await this.steps.payinCredited(
      envelope.org_id,
      parseEventData('payins.payin_credited', envelope.data),
    );
  }

  @Handles(DISPUTE_COMMANDS.get_dispute)
  get(command: GetDisputeCommand) {
    return this.disputes.get(command.account_id, command.dispute_id);
  }

  @Handles(DISPUTE_COMMANDS.list_disputes)
  list(command: ListDisputesCommand) {
    return this.disputes.list(command);
  }

  @Handles(DISPUTE_COMMANDS.submit_evidence)
  submitEvidence(command: SubmitDisputeEvidenceCommand) {
    return this.disputes.submitEvidence(command);
  }

  @Handles(DISPUTE_COMMANDS.get_file)
  file(command: GetDisputeFileCommand) {
    return this.disputes.file(command);
  }
}
