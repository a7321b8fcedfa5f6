import { BaseRpcContext } from '@nestjs/microservices';
import type { DeliveredMessage } from '../bus';

/** What `@Ctx()` gives a bus handler: the delivered message with its id, headers and attempt. */
export class BusContext extends BaseRpcContext<[DeliveredMessage]> {
  getMessage(): DeliveredMessage {
    return this.args[0];
  }

  getHeaders(): DeliveredMessage['headers'] {
    return this.args[0].headers;
  }

  /** The correlation id a command travelled with: the events it causes carry it. */
  correlationId(): string | null {
    return this.args[0].headers['correlation-id'] ?? null;
  }
}
