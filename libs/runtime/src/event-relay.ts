import {
  Logger,
  type InjectionToken,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import type { CommandService } from '@platform/contracts';
import { traceHeadersOf, type PgEventStore, type Subscription } from '@platform/event-store';
import type { MessageBus } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';
import { PLATFORM_CONTEXT, type PlatformContext } from './context';
import { DEAD_LETTERS } from './dead-letters.messages';

/** The topic a service's domain events are published on. */
export function eventsTopic(service: string): string {
  return `events.${service}`;
}

/**
 * Publishes a service's committed events from its event store to the bus, in order. The store is
 * the outbox: an event reaches the bus only after the transaction that wrote it committed, and
 * the checkpoint moves only after the bus accepted the batch. A crash in between republishes the
 * batch (at-least-once); consumers deduplicate by event_id. Each message carries the trace
 * context its event was appended in, so its consumers continue the trace of the writing request.
 */
export function startEventRelay(options: {
  store: PgEventStore;
  bus: MessageBus;
  service: string;
  on_error?: (error: unknown) => void;
  /** See SubscribeOptions.linger_ms; 0 when omitted. */
  linger_ms?: number;
  /** An event the bus keeps refusing (too large...) is set aside there, and the rest published. */
  dead_letters?: DeadLetters;
}): Subscription {
  const topic = eventsTopic(options.service);
  return options.store.subscribe({
    name: `relay:${topic}`,
    from: 'start',
    batch_size: 200,
    linger_ms: options.linger_ms,
    on_error: options.on_error,
    dead_letters: options.dead_letters,
    // A checkpoint a server crash undoes republishes its batch: at-least-once, as above.
    synchronous_commit: false,
    handler: async (events) => {
      await options.bus.publish(
        topic,
        events.map((event) => {
          // The trace travels in the headers; the payload stays the event as consumers know it.
          const { trace_context, ...envelope } = event;
          return {
            id: event.event_id,
            key: event.account_id ?? event.org_id ?? event.stream,
            headers: {
              ...traceHeadersOf(trace_context),
              'event-type': event.type,
              'correlation-id': event.correlation_id ?? '',
            },
            payload: envelope,
          };
        }),
      );
    },
  });
}

/** The running relay of one service, started and stopped with the service's Nest module. */
class ServiceEventRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private relay: Subscription | null = null;

  constructor(
    private readonly service: CommandService,
    private readonly options: { store: PgEventStore; bus: MessageBus; dead_letters: DeadLetters },
    private readonly linger_ms: number | undefined,
  ) {
    this.logger = new Logger(service);
  }

  onApplicationBootstrap(): void {
    this.relay = startEventRelay({
      ...this.options,
      service: this.service,
      linger_ms: this.linger_ms,
      on_error: (error) => this.logger.warn(`event relay retrying: ${String(error)}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}

/**
 * The provider that relays a service's committed events while the service runs: every service
 * with an event store wires its relay the same way, naming the store's injection token.
 */
export function eventRelayProvider(options: {
  service: CommandService;
  store: InjectionToken;
  linger_ms?: number;
}): Provider {
  return {
    provide: `${options.service}:event-relay`,
    inject: [PLATFORM_CONTEXT, options.store, DEAD_LETTERS],
    useFactory: (context: PlatformContext, store: PgEventStore, dead_letters: DeadLetters) =>
      new ServiceEventRelay(
        options.service,
        { store, bus: context.bus, dead_letters },
        options.linger_ms,
      ),
  };
}
