/**
 * The bus contract both transports (in-process and Kafka) honour; one contract suite runs on
 * both. Services never see which one they are on.
 */
export type Headers = Record<string, string>;

export interface OutgoingMessage {
  /** Stable id of the message (for events: the event_id); consumers deduplicate by it. */
  id: string;
  /** Partition key: messages with one key are delivered in order (account_id for events). */
  key?: string | null;
  headers?: Headers;
  payload: unknown;
}

export interface DeliveredMessage {
  id: string;
  topic: string;
  key: string | null;
  headers: Headers;
  payload: unknown;
  /** 1 on first delivery, incremented on each redelivery after a handler threw. */
  attempt: number;
}

export type MessageHandler = (message: DeliveredMessage) => Promise<void>;
export type RequestHandler = (payload: unknown, message: DeliveredMessage) => Promise<unknown>;

export interface SubscribeOptions {
  topics: string[];
  /** Consumer group: each message goes to one member of a group; every group gets every message. */
  group: string;
  handler: MessageHandler;
  /** Deliveries before the message goes to `<topic>.dlq`. Default 5. */
  max_attempts?: number;
  /** Begin with messages published before the group first subscribed. Default true. */
  from_beginning?: boolean;
  /** The group lives only while it has members (broadcast subscriptions). Default false. */
  ephemeral?: boolean;
  /**
   * Messages of one partition handed to the handler before the first of them is settled. Default
   * 1: each waits for the one before it. Above 1, for a handler that takes what arrives as one
   * batch and deduplicates by message id: it is called in partition order without waiting. A
   * message that fails is retried (or dead-lettered) before the partition moves on, after later
   * ones of its run were handled; the in-process bus then delivers those again, Kafka does not.
   */
  prefetch?: number;
}

export interface RequestOptions {
  timeout_ms?: number;
  headers?: Headers;
  /**
   * Partition key of the command: requests with one key reach the command topic's one partition,
   * so one instance of the serving service takes them all. Default: a key of its own.
   */
  key?: string;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface MessageBus {
  start(): Promise<void>;
  close(): Promise<void>;
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Request/reply: resolves with the handler's reply; rejects with BusTimeoutError on timeout. */
  request(pattern: string, payload: unknown, options?: RequestOptions): Promise<unknown>;
  /** Serves a request pattern; replicas of one service share the load (group = service name). */
  serve(pattern: string, handler: RequestHandler): Promise<Subscription>;
  /**
   * For readiness probes: resolves when the bus can carry messages now (open, connected, none of
   * its consumers stopped for good); rejects saying why not.
   */
  checkReady(): Promise<void>;
}

export class BusTimeoutError extends Error {
  constructor(
    readonly pattern: string,
    readonly timeout_ms: number,
  ) {
    super(`no reply to ${pattern} within ${timeout_ms} ms`);
    this.name = 'BusTimeoutError';
  }
}

export class NoHandlerError extends Error {
  constructor(readonly pattern: string) {
    super(`no handler serves ${pattern}`);
    this.name = 'NoHandlerError';
  }
}

/** The request's handler threw: the requester gets this rather than a timeout. */
export class BusHandlerError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`handler of ${pattern} failed: ${reason}`);
    this.name = 'BusHandlerError';
  }
}

/** The bus was closed while the call was waiting (or before it was made). */
export class BusClosedError extends Error {
  constructor() {
    super('message bus closed');
    this.name = 'BusClosedError';
  }
}

/** Headers the bus sets on a dead-lettered message (`<topic>.dlq`); handlers may read them. */
export const DLQ_HEADERS = {
  topic: 'bus-dlq-topic',
  reason: 'bus-dlq-reason',
  attempts: 'bus-dlq-attempts',
} as const;

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** A command topic carries every pattern of one service: `payouts.create_payout` -> `payouts`. */
export function serviceOfPattern(pattern: string): string {
  const dot = pattern.indexOf('.');
  if (dot <= 0) throw new Error(`pattern must be <service>.<name>: ${pattern}`);
  return pattern.slice(0, dot);
}

export function commandTopicOf(pattern: string): string {
  return `commands.${serviceOfPattern(pattern)}`;
}

export function deadLetterTopicOf(topic: string): string {
  return `${topic}.dlq`;
}
