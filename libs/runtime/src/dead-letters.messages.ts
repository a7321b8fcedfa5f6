import { Controller, Inject, type Type } from '@nestjs/common';
import {
  DEAD_LETTER_COMMANDS,
  DomainError,
  type CommandService,
  type DeleteDeadLetterCommand,
  type ListDeadLettersCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';

/** The service's dead-letter table (D12), for its projections, consumers and workers. */
export const DEAD_LETTERS = Symbol('DEAD_LETTERS');

/**
 * The door to a service's dead letters, the same for every service: `DEAD_LETTER_COMMANDS[service]`.
 * Each service owns its schema, so the operator reaches each one over the bus.
 */
export function deadLettersMessagesFor(service: CommandService): Type<unknown> {
  const commands = DEAD_LETTER_COMMANDS[service];

  @Controller()
  class DeadLettersMessages {
    constructor(@Inject(DEAD_LETTERS) private readonly letters: DeadLetters) {}

    @Handles(commands.list)
    list(request: ListDeadLettersCommand) {
      return this.letters.list(request);
    }

    @Handles(commands.delete)
    async delete({ letter_id }: DeleteDeadLetterCommand) {
      const deleted = await this.letters.delete(letter_id);
      if (!deleted) throw new DomainError('not_found', `no dead letter ${letter_id} in ${service}`);
      return deleted;
    }
  }
  return DeadLettersMessages;
}
