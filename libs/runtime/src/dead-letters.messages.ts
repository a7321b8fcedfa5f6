import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  listDeadLettersCommand,
  listDeadLettersPattern,
  parseCommand,
  type DeadLettersReply,
} from '@platform/contracts';
import type { DeadLetters } from '@platform/persistence';
import type { ServiceName } from './context';

/** The service's dead-letter table (D12), for its projections, consumers and workers. */
export const DEAD_LETTERS = Symbol('DEAD_LETTERS');

/**
 * The door to a service's dead letters, the same for every service: `<service>.list_dead_letters`.
 * Each service owns its schema, so the operator's listing reaches each one over the bus.
 */
export function deadLettersMessagesFor(service: ServiceName): Type<unknown> {
  @Controller()
  class DeadLettersMessages {
    constructor(@Inject(DEAD_LETTERS) private readonly letters: DeadLetters) {}

    @MessagePattern(listDeadLettersPattern(service))
    list(@Payload() payload: unknown): Promise<DeadLettersReply> {
      return this.letters.list(parseCommand(listDeadLettersCommand, payload ?? {}));
    }
  }
  return DeadLettersMessages;
}
