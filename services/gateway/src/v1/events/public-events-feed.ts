import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { PUBLIC_EVENTS_TOPIC, type PositionedPublicEvent } from '@platform/contracts';
import {
  MESSAGE_BUS,
  subscribeBroadcast,
  type MessageBus,
  type Subscription,
} from '@platform/messaging';

export type FeedListener = (event: PositionedPublicEvent) => void;

/** Whose events a stream follows: one account's, or (an organization admin) a whole organization's. */
export type FeedScope = { account_id: string } | { org_id: string };

function keyOf(scope: FeedScope): string {
  return 'account_id' in scope ? `account:${scope.account_id}` : `org:${scope.org_id}`;
}

/**
 * This gateway's copy of every committed public event: a broadcast subscription, so with
 * several gateways each sees all events and any gateway serves any account's stream.
 */
@Injectable()
export class PublicEventsFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('events-feed');
  private readonly listeners = new Map<string, Set<FeedListener>>();
  /** Ends each open stream: an SSE response never ends by itself, so shutdown ends it. */
  private readonly closers = new Set<() => void>();
  private subscription: Subscription | undefined;

  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeBroadcast(this.bus, {
      topics: [PUBLIC_EVENTS_TOPIC],
      label: 'gateway',
      handler: async (message) => this.dispatch(message.payload as PositionedPublicEvent),
    });
  }

  /** Before the HTTP server closes (Nest's order), so it does not wait on open streams. */
  async onModuleDestroy(): Promise<void> {
    for (const close of [...this.closers]) close();
    await this.subscription?.close();
  }

  /**
   * Listens to one account's or one organization's events; `close` ends the stream at
   * shutdown. Returns the function that stops listening.
   */
  listen(scope: FeedScope, listener: FeedListener, close: () => void): () => void {
    const key = keyOf(scope);
    const set = this.listeners.get(key) ?? new Set<FeedListener>();
    set.add(listener);
    this.listeners.set(key, set);
    this.closers.add(close);
    return () => {
      this.closers.delete(close);
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) {
        this.listeners.delete(key);
      }
    };
  }

  private dispatch(event: PositionedPublicEvent): void {
    const account_listeners = this.listeners.get(keyOf({ account_id: event.account_id })) ?? [];
    const org_listeners = event.org_id
      ? (this.listeners.get(keyOf({ org_id: event.org_id })) ?? [])
      : [];
    for (const listener of [...account_listeners, ...org_listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.warn(`stream listener failed: ${String(error)}`);
      }
    }
  }
}
