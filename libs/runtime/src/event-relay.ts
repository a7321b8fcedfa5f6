import { traceHeadersOf, type PgEventStore, type Subscription } from '@platform/event-store';
import type { MessageBus } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';

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
