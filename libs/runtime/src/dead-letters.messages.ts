import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  deleteDeadLetterCommand,
  deleteDeadLetterPattern,
  DomainError,
  listDeadLettersCommand,
  listDeadLettersPattern,
  parseCommand,
  type DeadLettersReply,
  type DeadLetterView,
} from '@platform/contracts';
import type { DeadLetters } from '@platform/persistence';
import type { ServiceName } from './context';

/** The service's dead-letter table (D12), for its projections, consumers and workers. */
export const DEAD_LETTERS = Symbol('DEAD_LETTERS');

/**
 * The door to a service's dead letters, the same for every service: `<service>.list_dead_letters`
 * and `<service>.delete_dead_letter`. Each service owns its schema, so the operator reaches each
 * one over the bus.
 */
export function deadLettersMessagesFor(service: ServiceName): Type<unknown> {
  @Controller()
  class DeadLettersMessages {
    constructor(@Inject(DEAD_LETTERS) private readonly letters: DeadLetters) {}

    @MessagePattern(listDeadLettersPattern(service))
    list(@Payload() payload: unknown): Promise<DeadLettersReply> {
      return this.letters.list(parseCommand(listDeadLettersCommand, payload ?? {}));
    }

    @MessagePattern(deleteDeadLetterPattern(service))
    async delete(@Payload() payload: unknown): Promise<DeadLetterView> {
      const { letter_id } = parseCommand(deleteDeadLetterCommand, payload);
      const deleted = await this.letters.delete(letter_id);
      if (!deleted) throw new DomainError('not_found', `no dead letter ${letter_id} in ${service}`);
      return deleted;
    }
  }
  return DeadLettersMessages;
}
