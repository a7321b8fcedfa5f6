import { DomainError, type Reply } from '@platform/contracts';

/** The value of a command reply, or its typed error thrown for the exception filter to answer. */
export function replyValueOrThrow<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw new DomainError(reply.error, reply.message);
}
