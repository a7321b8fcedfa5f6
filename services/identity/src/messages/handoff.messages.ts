import { Controller } from '@nestjs/common';
import {
  SIGN_IN_COMMANDS,
  type IssueEnvironmentHandoffCommand,
  type RedeemEnvironmentHandoffCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { HandoffService } from '../application/handoff.service';

/** The environment handoff on the bus: live issues, test redeems. */
@Controller()
export class HandoffMessages {
  constructor(private readonly handoff: HandoffService) {}

  @Handles(SIGN_IN_COMMANDS.issue_environment_handoff)
  issue(command: IssueEnvironmentHandoffCommand) {
    return this.handoff.issue(command);
  }

  @Handles(SIGN_IN_COMMANDS.redeem_environment_handoff)
  redeem(command: RedeemEnvironmentHandoffCommand, context: BusContext) {
    return this.handoff.redeem(command, context.correlationId());
  }
}
