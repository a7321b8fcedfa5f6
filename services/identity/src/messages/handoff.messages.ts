import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  issueEnvironmentHandoffCommand,
  parseCommand,
  redeemEnvironmentHandoffCommand,
  SIGN_IN_COMMANDS,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { HandoffService } from '../application/handoff.service';

/** The environment handoff on the bus: live issues, test redeems. */
@Controller()
export class HandoffMessages {
  constructor(private readonly handoff: HandoffService) {}

  @MessagePattern(SIGN_IN_COMMANDS.issue_environment_handoff)
  issue(@Payload() payload: unknown) {
    return this.handoff.issue(parseCommand(issueEnvironmentHandoffCommand, payload));
  }

  @MessagePattern(SIGN_IN_COMMANDS.redeem_environment_handoff)
  redeem(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.handoff.redeem(
      parseCommand(redeemEnvironmentHandoffCommand, payload),
      context.getHeaders()['correlation-id'] ?? null,
    );
  }
}
