import { Inject, Injectable, type Provider } from '@nestjs/common';
import { DomainError, isErrorCode, replySchema } from '@platform/contracts';
import type { MessageBus, RequestOptions } from '../bus';
import { withRequestSpan } from '../trace-context';

/** Injection token of the MessageBus a service or the gateway talks through. */
export const MESSAGE_BUS = Symbol('MESSAGE_BUS');

/**
 * Sends a command and unwraps its Reply: the value, or the typed error thrown as a DomainError.
 * A timeout stays a BusTimeoutError: it is not an answer. Each call is a CLIENT span whose context
 * travels with the command, so the handler's span joins the caller's trace.
 */
@Injectable()
export class BusClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  send<T>(pattern: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
    return withRequestSpan(pattern, async () => {
      const parsed = replySchema.safeParse(await this.bus.request(pattern, payload, options));
      if (!parsed.success) throw new DomainError('internal_error', `malformed reply to ${pattern}`);
      const reply = parsed.data;
      if (reply.ok) return reply.value as T;
      throw new DomainError(
        isErrorCode(reply.error) ? reply.error : 'internal_error',
        reply.message,
      );
    });
  }
}

/** Providers of MESSAGE_BUS and BusClient for a module. */
export function messageBusProviders(bus: MessageBus): Provider[] {
  return [{ provide: MESSAGE_BUS, useValue: bus }, BusClient];
}
