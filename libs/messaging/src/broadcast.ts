import { randomUUID } from 'node:crypto';
import type { MessageBus, MessageHandler, Subscription } from './bus';

export interface BroadcastOptions {
  topics: string[];
  /** Names the subscriber in its group id (e.g. `gateway`); a unique suffix is added. */
  label: string;
  handler: MessageHandler;
}

/**
 * Every subscriber sees every message published from now on (fan-out to all replicas), where
 * a consumer group would share them out. It is a group of its own per subscriber, starting at
 * the end of the topic, dropped when closed (in-process; Kafka lets an idle group's offsets
 * expire). A handler that throws is not retried: a broadcast is live data, not a work queue;
 * whoever needs completeness reads the source (the stream replays from the event store).
 */
export function subscribeBroadcast(
  bus: MessageBus,
  options: BroadcastOptions,
): Promise<Subscription> {
  return bus.subscribe({
    topics: options.topics,
    group: `broadcast.${options.label}.${randomUUID()}`,
    handler: options.handler,
    from_beginning: false,
    max_attempts: 1,
    ephemeral: true,
  });
}
