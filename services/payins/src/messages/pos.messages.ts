import { Controller } from '@nestjs/common';
import { POS_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { PosService } from '../application/pos.service';

type Request<K extends keyof typeof POS_COMMANDS> = CommandRequest<(typeof POS_COMMANDS)[K]>;

/** The POS commands. */
@Controller()
export class PosMessages {
  constructor(private readonly pos: PosService) {}

  @Handles(POS_COMMANDS.record_sandbox_charge)
  record(command: Request<'record_sandbox_charge'>) {
    return this.pos.recordSandboxCharge(command);
  }

  @Handles(POS_COMMANDS.disable_sandbox_terminal)
  disable(command: Request<'disable_sandbox_terminal'>) {
    return this.pos.disableTerminal(command);
  }

  @Handles(POS_COMMANDS.list_charges)
  list(query: Request<'list_charges'>) {
    return this.pos.list(query);
  }

  @Handles(POS_COMMANDS.get_charge)
  get(query: Request<'get_charge'>) {
    return this.pos.get(query);
  }

  @Handles(POS_COMMANDS.summary)
  summary(query: Request<'summary'>) {
    return this.pos.summary(query);
  }

  @Handles(POS_COMMANDS.refund_charge)
  refund(command: Request<'refund_charge'>) {
    return this.pos.refund(command);
  }
}
