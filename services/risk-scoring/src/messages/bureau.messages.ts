import { Controller } from '@nestjs/common';
import { RISK_SCORING_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { BureauChanges } from '../application/bureau-changes';

/** The sandbox bureau's commands. */
@Controller()
export class BureauMessages {
  constructor(private readonly changes: BureauChanges) {}

  @Handles(RISK_SCORING_COMMANDS.set_sandbox_bureau_score)
  setScore(command: CommandRequest<typeof RISK_SCORING_COMMANDS.set_sandbox_bureau_score>) {
    return this.changes.setSandboxScore(command);
  }
}
