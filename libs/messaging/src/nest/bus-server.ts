import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { ok, type Reply } from '@platform/contracts';
import { PoisonTracker, type DeadLetters } from '@platform/persistence';
import { isObservable, lastValueFrom } from 'rxjs';
import {
  DEFAULT_MAX_ATTEMPTS,
  type DeliveredMessage,
  type MessageBus,
  type Subscription,
} from '../bus';
import { errorMessage } from '../retry';
import { withHandlerSpan } from '../trace-context';
import { BusContext } from './bus-context';
import { replyForError } from './reply';
import { answerNotingReplay } from './replays';

export interface BusServerOptions {
  /** The service name: the consumer group of its event handlers. */
  group: string;
  /** Deliveries of an event before it is dead-lettered; the bus default when absent. */
  max_attempts?: number;
  /**
   * The service's dead-letter table, once its module is up (D12). An event its handler refuses
   * max_attempts times is set aside there, with the reason, and the group goes on; a transient
   * failure (database or bus unavailable) is retried without counting. Without it, the bus
   * moves the event to `<topic>.dlq` after max_attempts deliveries, whatever the failure.
   */
  dead_letters?: () => DeadLetters | null;
  /** SubscribeOptions.prefetch of the service's event subscription; 1 when absent. */
  event_prefetch?: number;
}

export const BUS_TRANSPORT = Symbol('platform-bus');

/**
 * A Nest microservice transport over a MessageBus. Each @MessagePattern handler serves its
 * pattern (the reply is a contracts Reply), and every @EventPattern handler consumes its topic in
 * the service's group through one subscription, so a service is one member of one Kafka group.
 * Every handler runs in its own span (SERVER for a command, CONSUMER for an event), a child of the
 * trace context its message carried, whichever transport delivered it.
 */
export class BusServer extends Server implements CustomTransportStrategy {
  override transportId = BUS_TRANSPORT;
  private readonly subscriptions: Subscription[] = [];
  private warned_missing_filter = false;
  private readonly refusals: PoisonTracker;

  constructor(
    private readonly bus: MessageBus,
    private readonly options: BusServerOptions,
  ) {
    super();
    // A group's messages wait in line behind a failing one: the error's kind alone decides.
    this.refusals = new PoisonTracker({
      max_attempts: options.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
      require_evidence: false,
    });
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      await this.bus.start();
      await this.serveMessagePatterns();
      await this.subscribeEventPatterns();
      callback();
    } catch (error) {
      await this.close().catch(() => undefined);
      callback(error);
    }
  }

  async close(): Promise<void> {
    const subscriptions = this.subscriptions.splice(0);
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
  }

  on(): never {
    throw new Error('BusServer emits no events; watch the bus itself');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  private async serveMessagePatterns(): Promise<void> {
    for (const [pattern, handler] of this.messageHandlers) {
      if (handler.isEventHandler) continue;
      this.subscriptions.push(
        await this.bus.serve(pattern, (payload, message) =>
          this.answer(pattern, handler, payload, message),
        ),
      );
    }
  }

  private async subscribeEventPatterns(): Promise<void> {
    const handlers = new Map(
      [...this.messageHandlers].filter(([, handler]) => handler.isEventHandler === true),
    );
    if (handlers.size === 0) return;
    const dead_letters = this.options.dead_letters?.() ?? null;
    const max_attempts = dead_letters ? Number.POSITIVE_INFINITY : this.options.max_attempts;
    this.subscriptions.push(
      await this.bus.subscribe({
        topics: [...handlers.keys()],
        group: this.options.group,
        ...(max_attempts === undefined ? {} : { max_attempts }),
        prefetch: this.options.event_prefetch ?? 1,
        handler: (message) =>
          withHandlerSpan({ kind: 'event', group: this.options.group }, message, async () => {
            const handler = handlers.get(message.topic);
            if (!handler) throw new Error(`no event handler for ${message.topic}`);
            if (dead_letters) await this.consumeOrSetAside(handler, message, dead_letters);
            else await this.invoke(handler, message);
          }),
      }),
    );
  }

  /** Handles the event, or records it as a dead letter once it has been refused often enough. */
  private async consumeOrSetAside(
    handler: MessageHandler,
    message: DeliveredMessage,
    dead_letters: DeadLetters,
  ): Promise<void> {
    try {
      await this.invoke(handler, message);
      this.refusals.succeeded(message.id);
      return;
    } catch (error) {
      const verdict = this.refusals.failed(message.id, error);
      if (verdict.action === 'retry') throw error;
      await dead_letters.record({
        source: `consumer:${message.topic}`,
        record_key: message.id,
        reason: verdict.reason,
        payload: message.payload,
        attempts: verdict.attempts,
        first_failed_at: verdict.first_failed_at,
      });
      this.refusals.forget(message.id);
      this.logger.warn(
        `set aside ${message.topic} message ${message.id} after ${verdict.attempts} attempts: ${verdict.reason}`,
      );
    }
  }

  private async answer(
    pattern: string,
    handler: MessageHandler,
    _payload: unknown,
    message: DeliveredMessage,
  ): Promise<Reply<unknown>> {
    try {
      // The replay scope inside the handler's span: the span runs in the context the message
      // carried, which holds none of the values set around it.
      const { value, replayed } = await withHandlerSpan({ kind: 'request', pattern }, message, () =>
        answerNotingReplay(() => this.invoke(handler, message)),
      );
      return replayed ? { ok: true, value, replayed: true } : ok(value);
    } catch (error) {
      const { kind, reply } = replyForError(error);
      if (kind === 'internal') this.reportInternal(pattern, error);
      return reply;
    }
  }

  private reportInternal(pattern: string, error: unknown): void {
    if (isNestDefaultRpcError(error)) {
      // Nest's own filter already logged the original error and dropped its code.
      if (!this.warned_missing_filter)
        this.logger.warn(
          'register BusExceptionFilter: typed DomainErrors are answered as internal errors',
        );
      this.warned_missing_filter = true;
      return;
    }
    this.logger.error(`${pattern} failed: ${errorMessage(error)}`, (error as Error)?.stack);
  }

  /**
   * Handlers return a value, a promise or an Observable; the reply is the last value. Only an
   * Observable goes through rxjs: wrapping a plain value in one costs every command a few objects.
   */
  private async invoke(handler: MessageHandler, message: DeliveredMessage): Promise<unknown> {
    const result: unknown = await handler(message.payload, new BusContext([message]));
    if (!isObservable(result)) return result;
    return lastValueFrom(result, { defaultValue: undefined });
  }
}

/** What Nest's BaseRpcExceptionFilter makes of any error that is not an RpcException. */
function isNestDefaultRpcError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { status?: unknown; message?: unknown };
  return candidate.status === 'error' && candidate.message === 'Internal server error';
}
