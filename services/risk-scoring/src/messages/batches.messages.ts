import { Controller } from '@nestjs/common';
import { RISK_BATCH_COMMANDS, type CommandRequest } from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { BatchCreation } from '../application/batches/batch-creation';
import { BatchQueries } from '../application/batches/batch-queries';

type Request<K extends keyof typeof RISK_BATCH_COMMANDS> = CommandRequest<
  (typeof RISK_BATCH_COMMANDS)[K]
>;

/** Credit-scoring batches' commands (decisions D10). */
@Controller()
export class BatchesMessages {
  constructor(
    private readonly creation: BatchCreation,
    private readonly queries: BatchQueries,
  ) {}

  @Handles(RISK_BATCH_COMMANDS.create)
  create(command: Request<'create'>) {
    return this.creation.create(command);
  }

  @Handles(RISK_BATCH_COMMANDS.get)
  get(command: Request<'get'>) {
    return this.queries.get(command.account_id, command.batch_id);
  }

  @Handles(RISK_BATCH_COMMANDS.list)
  list(command: Request<'list'>) {
    return this.queries.list(command.account_id, command.limit, command.offset);
  }

  @Handles(RISK_BATCH_COMMANDS.list_items)
  items(command: Request<'list_items'>) {
    return this.queries.items(command);
  }
}
