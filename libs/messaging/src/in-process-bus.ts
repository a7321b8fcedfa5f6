import { randomUUID } from 'node:crypto';
import {
  BusClosedError,
  BusHandlerError,
  BusTimeoutError,
  commandTopicOf,
  deadLetterTopicOf,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DLQ_HEADERS,
  NoHandlerError,
  serviceOfPattern,
  type DeliveredMessage,
  type Headers,
  type MessageBus,
  type OutgoingMessage,
  type RequestHandler,
  type RequestOptions,
  type SubscribeOptions,
  type Subscription,
} from './bus';
import { fnv1a32 } from './fnv-hash';
import { decodeJson, encodeJson, jsonCopy } from './json';
import {
  backoffAfter,
  DEFAULT_RETRY_BACKOFF,
  errorMessage,
  sleep,
  type RetryBackoff,
} from './retry';
import { outgoingHeaders, withMessageContext } from './trace-context';

const DEFAULT_PARTITIONS = 32;

export interface InProcessBusOptions {
  /**
   * Lanes per topic and group, the in-process partitions: one key's messages share a lane. 32 by
   * default: a lane hands over its next message only once the last one is acknowledged, so a
   * consumer that takes what is delivered meanwhile as one batch (notifications' domain events)
   * gets up to one message per lane in each.
   */
  partitions?: number;
  /**
   * Messages each topic keeps for groups that first subscribe later with from_beginning, until
   * stopRetaining() says that every group has joined.
   */
  retain_per_topic?: number;
  retry_backoff?: RetryBackoff;
  /** Default of RequestOptions.timeout_ms. */
  request_timeout_ms?: number;
}

interface Envelope {
  id: string;
  topic: string;
  key: string | null;
  headers: Headers;
  /** JSON text: each delivery decodes its own copy, as it would from Kafka. */
  body: string;
}

class Member {
  readonly in_flight = new Set<Promise<unknown>>();
  constructor(readonly options: SubscribeOptions) {}

  get max_attempts(): number {
    return this.options.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.in_flight.add(work);
    return work.finally(() => this.in_flight.delete(work));
  }
}

/**
 * One lane of a group's feed: handled one message at a time (or one run of SubscribeOptions.
 * prefetch messages, in order), so one key stays in order.
 */
class Lane {
  readonly queue: Envelope[] = [];
  /** Deliveries already made of queue[0]. */
  head_attempts = 0;
  draining = false;
  constructor(readonly index: number) {}
}

/** What one consumer group has yet to handle of one topic (its "committed offset"). */
class GroupFeed {
  readonly members: Member[] = [];
  readonly lanes: Lane[];
  private next_unkeyed_lane = 0;

  constructor(partitions: number) {
    this.lanes = Array.from({ length: partitions }, (_, index) => new Lane(index));
  }

  laneFor(key: string | null): Lane {
    const index =
      key === null
        ? this.next_unkeyed_lane++ % this.lanes.length
        : fnv1a32(key) % this.lanes.length;
    return this.lanes[index] as Lane;
  }

  /** Lanes are spread over the members like partitions over a Kafka group. */
  memberFor(lane: Lane): Member | undefined {
    return this.members[lane.index % this.members.length];
  }
}

interface Server {
  handler: RequestHandler;
}

interface PendingRequest {
  timer: NodeJS.Timeout;
  reject: (error: Error) => void;
}

/**
 * The MessageBus of the all-in-one runtime: the Kafka semantics (consumer groups, per-key order,
 * redelivery and dead letters, request/reply with timeouts) in memory. Delivery is always
 * asynchronous, never inside publish().
 */
export class InProcessBus implements MessageBus {
  private readonly partitions: number;
  private readonly retain_per_topic: number;
  private readonly retry_backoff: RetryBackoff;
  private readonly request_timeout_ms: number;
  private readonly feeds = new Map<string, Map<string, GroupFeed>>();
  private readonly retained = new Map<string, Envelope[]>();
  private readonly servers = new Map<string, Server[]>();
  private readonly pending = new Set<PendingRequest>();
  private next_server = 0;
  private closed = false;
  private retaining = true;

  constructor(options: InProcessBusOptions = {}) {
    this.partitions = options.partitions ?? DEFAULT_PARTITIONS;
    this.retain_per_topic = options.retain_per_topic ?? 1_000;
    this.retry_backoff = options.retry_backoff ?? DEFAULT_RETRY_BACKOFF;
    this.request_timeout_ms = options.request_timeout_ms ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  async start(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const request of this.pending) {
      clearTimeout(request.timer);
      request.reject(new BusClosedError());
    }
    this.pending.clear();
    const members = new Set<Member>();
    for (const groups of this.feeds.values()) {
      for (const feed of groups.values()) for (const member of feed.members) members.add(member);
    }
    await Promise.all([...members].map((member) => this.leave(member)));
    this.servers.clear();
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    const envelopes = messages.map((message): Envelope => ({
      id: message.id,
      topic,
      key: message.key ?? null,
      headers: outgoingHeaders(message.headers),
      body: encodeJson(message.payload),
    }));
    for (const envelope of envelopes) this.append(envelope);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
    const member = new Member(options);
    const joined: GroupFeed[] = [];
    for (const topic of options.topics) {
      const feed = this.feedOf(topic, options.group, options.from_beginning ?? true);
      feed.members.push(member);
      joined.push(feed);
    }
    for (const feed of joined) for (const lane of feed.lanes) this.drainSoon(feed, lane);
    return { close: () => this.leave(member) };
  }

  async request(pattern: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    this.assertOpen();
    const servers = this.servers.get(pattern);
    if (!servers || servers.length === 0) throw new NoHandlerError(pattern);
    const server = servers[this.next_server++ % servers.length] as Server;
    const timeout_ms = options.timeout_ms ?? this.request_timeout_ms;
    const message: DeliveredMessage = {
      id: randomUUID(),
      topic: commandTopicOf(pattern),
      key: null,
      headers: outgoingHeaders(options.headers),
      payload: jsonCopy(payload),
      attempt: 1,
    };
    return new Promise<unknown>((resolve, reject) => {
      const request: PendingRequest = {
        reject,
        timer: setTimeout(() => {
          this.pending.delete(request);
          reject(new BusTimeoutError(pattern, timeout_ms));
        }, timeout_ms),
      };
      this.pending.add(request);
      const settle = (outcome: () => void): void => {
        if (!this.pending.delete(request)) return;
        clearTimeout(request.timer);
        outcome();
      };
      setImmediate(() => {
        runHandler(() => server.handler(message.payload, message), message.headers).then(
          (value) =>
            settle(() => {
              try {
                resolve(jsonCopy(value));
              } catch (error) {
                reject(
                  new BusHandlerError(pattern, `reply not serializable: ${errorMessage(error)}`),
                );
              }
            }),
          (error: unknown) =>
            settle(() => reject(new BusHandlerError(pattern, errorMessage(error)))),
        );
      });
    });
  }

  async serve(pattern: string, handler: RequestHandler): Promise<Subscription> {
    this.assertOpen();
    serviceOfPattern(pattern);
    const server: Server = { handler };
    const servers = this.servers.get(pattern) ?? [];
    servers.push(server);
    this.servers.set(pattern, servers);
    return {
      close: async () => {
        const index = servers.indexOf(server);
        if (index >= 0) servers.splice(index, 1);
      },
    };
  }

  /**
   * Every consumer group of this process has subscribed (the all-in-one runtime says so once its
   * services are up): messages are no longer kept for groups to come, and those kept are let go.
   * Until then they let a group that joins late in the boot read what was published before it.
   * After it, a kept message would outlive the young generation's collections under load (the
   * last retain_per_topic of a busy topic span a second or more) and fill the old generation with
   * garbage, whose full collections hold requests up. A group that first subscribes later begins
   * with the next message, whatever its from_beginning.
   */
  stopRetaining(): void {
    this.retaining = false;
    this.retained.clear();
  }

  async checkReady(): Promise<void> {
    this.assertOpen();
  }

  private assertOpen(): void {
    if (this.closed) throw new BusClosedError();
  }

  private append(envelope: Envelope): void {
    if (this.retaining) this.retain(envelope);
    for (const feed of this.feeds.get(envelope.topic)?.values() ?? []) this.enqueue(feed, envelope);
  }

  private retain(envelope: Envelope): void {
    const retained = this.retained.get(envelope.topic) ?? [];
    retained.push(envelope);
    // Trimmed in chunks: a shift per message would copy the whole array every time.
    if (retained.length > this.retain_per_topic * 1.25)
      retained.splice(0, retained.length - this.retain_per_topic);
    this.retained.set(envelope.topic, retained);
  }

  private enqueue(feed: GroupFeed, envelope: Envelope): void {
    const lane = feed.laneFor(envelope.key);
    lane.queue.push(envelope);
    this.drainSoon(feed, lane);
  }

  private feedOf(topic: string, group: string, from_beginning: boolean): GroupFeed {
    const groups = this.feeds.get(topic) ?? new Map<string, GroupFeed>();
    this.feeds.set(topic, groups);
    let feed = groups.get(group);
    if (!feed) {
      feed = new GroupFeed(this.partitions);
      groups.set(group, feed);
      if (from_beginning)
        for (const envelope of this.retained.get(topic) ?? []) this.enqueue(feed, envelope);
    }
    return feed;
  }

  private drainSoon(feed: GroupFeed, lane: Lane): void {
    if (lane.draining || this.closed || lane.queue.length === 0) return;
    lane.draining = true;
    setImmediate(() => void this.drain(feed, lane));
  }

  private async drain(feed: GroupFeed, lane: Lane): Promise<void> {
    try {
      for (;;) {
        const envelope = lane.queue[0];
        const member = feed.memberFor(lane);
        if (this.closed || !envelope || !member) return;
        const prefetch = member.options.prefetch ?? 1;
        // A message already refused is retried alone, its attempts counted, as without prefetch.
        if (prefetch > 1 && lane.head_attempts === 0 && lane.queue.length > 1) {
          await member.track(this.deliverRun(lane, member, lane.queue.slice(0, prefetch)));
          continue;
        }
        if (await member.track(this.deliver(lane, member, envelope))) {
          lane.queue.shift();
          lane.head_attempts = 0;
        }
      }
    } finally {
      // Cleared in the same tick as the emptiness check, so no enqueue can slip between them.
      lane.draining = false;
    }
  }

  /** One delivery; true when the message is done with (handled or dead-lettered). */
  private async deliver(lane: Lane, member: Member, envelope: Envelope): Promise<boolean> {
    const attempt = ++lane.head_attempts;
    const message = deliveredMessageOf(envelope, attempt);
    try {
      await runHandler(() => member.options.handler(message), message.headers);
      return true;
    } catch (error) {
      if (attempt >= member.max_attempts) {
        this.deadLetter(envelope, attempt, error);
        return true;
      }
      await sleep(backoffAfter(attempt, this.retry_backoff));
      return false;
    }
  }

  /**
   * The first messages of a lane (SubscribeOptions.prefetch), handed over in order without
   * waiting, then settled in order: the lane moves past each that succeeded up to the first that
   * failed, which stays at its head with one attempt made. Those after it are delivered again.
   */
  private async deliverRun(lane: Lane, member: Member, run: Envelope[]): Promise<void> {
    const failures = await Promise.all(
      run.map((envelope) => {
        const message = deliveredMessageOf(envelope, 1);
        return runHandler(() => member.options.handler(message), message.headers).then(
          () => null,
          (error: unknown) => ({ error }),
        );
      }),
    );
    for (const failure of failures) {
      const head = lane.queue[0] as Envelope;
      if (failure !== null && member.max_attempts > 1) {
        lane.head_attempts = 1;
        await sleep(backoffAfter(1, this.retry_backoff));
        return;
      }
      if (failure !== null) this.deadLetter(head, 1, failure.error);
      lane.queue.shift();
    }
  }

  private deadLetter(envelope: Envelope, attempts: number, error: unknown): void {
    this.append({
      ...envelope,
      topic: deadLetterTopicOf(envelope.topic),
      headers: {
        ...envelope.headers,
        [DLQ_HEADERS.topic]: envelope.topic,
        [DLQ_HEADERS.reason]: errorMessage(error),
        [DLQ_HEADERS.attempts]: String(attempts),
      },
    });
  }

  private async leave(member: Member): Promise<void> {
    for (const groups of this.feeds.values()) {
      for (const feed of groups.values()) {
        const index = feed.members.indexOf(member);
        if (index < 0) continue;
        feed.members.splice(index, 1);
        // The lanes this member held move to the others, as partitions do on a rebalance.
        for (const lane of feed.lanes) this.drainSoon(feed, lane);
      }
      if (member.options.ephemeral) this.dropEmptyGroup(groups, member.options.group);
    }
    await Promise.allSettled([...member.in_flight]);
  }

  /** An ephemeral group left without members is forgotten, so nothing queues up for it. */
  private dropEmptyGroup(groups: Map<string, GroupFeed>, group: string): void {
    if (groups.get(group)?.members.length === 0) groups.delete(group);
  }
}

function deliveredMessageOf(envelope: Envelope, attempt: number): DeliveredMessage {
  return {
    id: envelope.id,
    topic: envelope.topic,
    key: envelope.key,
    headers: { ...envelope.headers },
    payload: decodeJson(envelope.body),
    attempt,
  };
}

/** Calls a handler in its message's trace context; a synchronous throw becomes a rejection. */
async function runHandler<T>(handler: () => Promise<T>, headers: Headers): Promise<T> {
  return withMessageContext(headers, handler);
}
