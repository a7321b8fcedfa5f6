import { randomUUID } from 'node:crypto';
import { createCounter } from '@platform/observability';
import {
  Kafka,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type EachMessagePayload,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
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
  type MessageBus,
  type OutgoingMessage,
  type RequestHandler,
  type RequestOptions,
  type SubscribeOptions,
  type Subscription,
} from '../bus';
import { decodeJson, encodeJson } from '../json';
import {
  backoffAfter,
  DEFAULT_RETRY_BACKOFF,
  errorMessage,
  sleep,
  type RetryBackoff,
} from '../retry';
import { outgoingHeaders, withMessageContext } from '../trace-context';
import { BatchingProducer } from './batching-producer';
import { RunningCommands } from './running-commands';
import { SpacedCommits } from './spaced-commits';
import { stopIdleRequestQueueTimers } from './request-queue-timer';
import { BUS_HEADERS, decodeRecord, type DecodedRecord, type ReplyEnvelope } from './kafka-codec';
import {
  logCreatorFor,
  stderrSink,
  toKafkaLogLevel,
  type KafkaLogLevel,
  type KafkaLogSink,
} from './kafka-log';
import { TopicRegistry } from './topic-registry';

export interface KafkaBusConfig {
  brokers: string[];
  client_id: string;
  /** Prepended to every topic and group name: one Kafka hosts several environments or test runs. */
  topic_prefix?: string;
  /** Names this instance's reply topic `replies.<instance_id>`; unique by default. */
  instance_id?: string;
  /** Partitions of the topics this bus creates. Default 3. */
  partitions?: number;
  /** Longest a fetch waits on the broker for new records. Default DEFAULT_MAX_WAIT_MS. */
  max_wait_ms?: number;
  retry_backoff?: RetryBackoff;
  /** Default of RequestOptions.timeout_ms. */
  request_timeout_ms?: number;
  /** How long subscribe() and serve() wait for the consumer to join its group. Default 60 s. */
  join_timeout_ms?: number;
  log_level?: KafkaLogLevel;
  log_sink?: KafkaLogSink;
}

/** Commands one service consumer runs at once before it fetches no more (a bound, not a queue). */
const MAX_COMMANDS_RUNNING = 64;

/**
 * The broker answers a fetch as soon as a record arrives, so this wait adds no latency: it only
 * says how often an idle consumer asks again. At 100 ms, the eleven processes of a deployment
 * and their broker spent most of a core asking while nothing happened; a closing consumer waits
 * out its fetch, so it is kept at a second.
 */
const DEFAULT_MAX_WAIT_MS = 1_000;

/**
 * How often a consumer whose position needs little care commits it (see SpacedCommits): a reply
 * inbox, a broadcast. After a rejoin it re-reads at most this much: a reply whose request is
 * settled is dropped, and an event stream skips positions it has sent.
 */
const SPACED_COMMIT_INTERVAL_MS = 5_000;

/** What a consumer reads: the label of its offset commits. */
type ConsumerKind = 'commands' | 'events' | 'broadcast' | 'replies';

/** Each commit is a request to the broker and a write to its offsets log. */
const offset_commits_total = createCounter<'consumer'>({
  name: 'kafka_offset_commits_total',
  help: 'offset commits this process sent to Kafka, by consumer: commands, events, broadcast or replies',
  label_names: ['consumer'],
});

/**
 * Batches handed to a consumer (one partition's messages of one fetch) and their messages: what
 * each batch costs (its fetch, its commit, the handler's setup) is spread over messages per batch.
 */
const consumed_batches_total = createCounter<'consumer'>({
  name: 'kafka_consumed_batches_total',
  help: 'batches of messages (one partition of one fetch) this process consumed from Kafka, by consumer',
  label_names: ['consumer'],
});
const consumed_messages_total = createCounter<'consumer'>({
  name: 'kafka_consumed_messages_total',
  help: 'messages this process consumed from Kafka, by consumer: commands, events, broadcast or replies',
  label_names: ['consumer'],
});

type ConsumerHandlers =
  | { eachMessage: (payload: EachMessagePayload) => Promise<void>; autoCommit?: boolean }
  | { eachBatch: (payload: EachBatchPayload) => Promise<void>; autoCommit?: boolean };

/** A position in one partition of a topic (kafkajs keeps offsets as decimal strings). */
interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

interface PendingRequest {
  pattern: string;
  timer: NodeJS.Timeout;
  resolve: (reply: ReplyEnvelope) => void;
  reject: (error: Error) => void;
}

/** The command consumer of one service in this instance, shared by the patterns it serves. */
interface ServiceEndpoint {
  handlers: Map<string, RequestHandler[]>;
  next_handler: number;
  consumer: Promise<Consumer>;
}

/**
 * The MessageBus of the distributed runtime, on kafkajs. Events: one topic each, Kafka key for
 * per-key order, a Kafka group per consumer group; a failing handler is retried in place (its
 * offset not committed) and then dead-lettered. Requests: a command topic per service consumed
 * by the service's group, replies on a topic per bus instance, matched by correlation id.
 */
export class KafkaBus implements MessageBus {
  readonly instance_id: string;
  private readonly kafka: Kafka;
  private readonly prefix: string;
  private readonly partitions: number;
  private readonly max_wait_ms: number;
  private readonly retry_backoff: RetryBackoff;
  private readonly request_timeout_ms: number;
  private readonly join_timeout_ms: number;
  private readonly log: KafkaLogSink;
  private readonly admin: Admin;
  private readonly producer: Producer;
  private readonly outgoing: BatchingProducer;
  private readonly topics: TopicRegistry;
  private readonly consumers = new Set<Consumer>();
  /** Consumers kafkajs gave up on (a crash it does not restart from), by their group. */
  private readonly stopped_consumers = new Map<Consumer, string>();
  private readonly endpoints = new Map<string, ServiceEndpoint>();
  /** The commands each command consumer is running. */
  private readonly command_windows = new Map<Consumer, RunningCommands>();
  private readonly spaced_commits = new Map<Consumer, SpacedCommits>();
  private readonly pending = new Map<string, PendingRequest>();
  private startup: Promise<void> | undefined;
  private reply_inbox: Promise<void> | undefined;
  private closed = false;

  constructor(config: KafkaBusConfig) {
    this.prefix = config.topic_prefix ?? '';
    this.instance_id = sanitize(
      config.instance_id ?? `${config.client_id}-${randomUUID().slice(0, 8)}`,
    );
    this.partitions = config.partitions ?? 3;
    this.max_wait_ms = config.max_wait_ms ?? DEFAULT_MAX_WAIT_MS;
    this.retry_backoff = config.retry_backoff ?? DEFAULT_RETRY_BACKOFF;
    this.request_timeout_ms = config.request_timeout_ms ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.join_timeout_ms = config.join_timeout_ms ?? 60_000;
    this.log = config.log_sink ?? stderrSink;
    stopIdleRequestQueueTimers();
    this.kafka = new Kafka({
      clientId: config.client_id,
      brokers: config.brokers,
      logLevel: toKafkaLogLevel(config.log_level ?? 'warn'),
      logCreator: logCreatorFor(this.log, config.log_level ?? 'warn'),
    });
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.outgoing = new BatchingProducer(this.producer);
    this.topics = new TopicRegistry(this.admin, this.partitions);
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new BusClosedError());
    this.startup ??= Promise.all([this.admin.connect(), this.producer.connect()]).then(
      () => undefined,
    );
    return this.startup;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const request of this.pending.values()) {
      clearTimeout(request.timer);
      request.reject(new BusClosedError());
    }
    this.pending.clear();
    await Promise.allSettled([...this.consumers].map((consumer) => this.stopConsumer(consumer)));
    if (!this.startup) return;
    await this.startup.catch(() => undefined);
    if (this.reply_inbox) await this.removeReplyInbox();
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    await this.ready();
    if (messages.length === 0) return;
    const name = this.topicName(topic);
    await this.topics.ensure([name]);
    await this.outgoing.send(
      name,
      messages.map((message) => ({
        key: message.key ?? null,
        value: encodeJson(message.payload),
        headers: { ...outgoingHeaders(message.headers), [BUS_HEADERS.message_id]: message.id },
      })),
    );
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    await this.ready();
    if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
    const names = options.topics.map((topic) => this.topicName(topic));
    const dead_letters = options.topics
      .filter((topic) => !topic.endsWith('.dlq'))
      .map((topic) => this.topicName(deadLetterTopicOf(topic)));
    await this.topics.ensure([...names, ...dead_letters]);
    const group_id = this.groupName(options.group);
    // A broadcast group starts at the end of its topics as of now, not as of its first fetch.
    const start_at =
      options.ephemeral && options.from_beginning === false ? await this.endsOf(names) : [];
    const consumer = await this.startConsumer(
      options.ephemeral ? 'broadcast' : 'events',
      group_id,
      names,
      options.from_beginning ?? true,
      (options.prefetch ?? 1) > 1
        ? { eachBatch: (payload) => this.consumeRuns(payload, options) }
        : options.ephemeral
          ? this.spacedCommits((payload) => this.consume(payload, options))
          : { eachMessage: (payload) => this.consume(payload, options) },
      start_at,
    );
    return {
      close: async () => {
        await this.stopConsumer(consumer);
        // Cleanup only: a group still settling after its consumer left may refuse deletion.
        if (options.ephemeral) await this.admin.deleteGroups([group_id]).catch(() => undefined);
      },
    };
  }

  /** Where each partition of `topics` ends now: the offsets a new broadcast group starts from. */
  private async endsOf(topics: string[]): Promise<PartitionOffset[]> {
    const ends = await Promise.all(
      topics.map(async (topic) =>
        (await this.admin.fetchTopicOffsets(topic)).map(({ partition, offset }) => ({
          topic,
          partition,
          offset,
        })),
      ),
    );
    return ends.flat();
  }

  async request(pattern: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    await this.ready();
    const command_topic = this.topicName(commandTopicOf(pattern));
    await Promise.all([this.topics.ensure([command_topic]), this.replyInbox()]);
    const id = randomUUID();
    const timeout_ms = options.timeout_ms ?? this.request_timeout_ms;
    const reply = new Promise<ReplyEnvelope>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BusTimeoutError(pattern, timeout_ms));
      }, timeout_ms);
      this.pending.set(id, { pattern, timer, resolve, reject });
    });
    try {
      await this.outgoing.send(command_topic, [
        {
          key: options.key ?? id,
          value: encodeJson(payload),
          headers: {
            ...outgoingHeaders(options.headers),
            [BUS_HEADERS.message_id]: id,
            [BUS_HEADERS.pattern]: pattern,
            [BUS_HEADERS.reply_to]: this.replyTopic(),
            [BUS_HEADERS.deadline_ms]: String(Date.now() + timeout_ms),
          },
        },
      ]);
    } catch (error) {
      const request = this.pending.get(id);
      if (request) clearTimeout(request.timer);
      this.pending.delete(id);
      throw error;
    }
    return unwrapReply(pattern, await reply);
  }

  async serve(pattern: string, handler: RequestHandler): Promise<Subscription> {
    await this.ready();
    const service = serviceOfPattern(pattern);
    const endpoint = this.endpointOf(service);
    const handlers = endpoint.handlers.get(pattern) ?? [];
    handlers.push(handler);
    endpoint.handlers.set(pattern, handlers);
    await endpoint.consumer;
    return {
      close: async () => {
        const index = handlers.indexOf(handler);
        if (index < 0) return;
        handlers.splice(index, 1);
        if (handlers.length === 0) endpoint.handlers.delete(pattern);
        if (endpoint.handlers.size > 0 || this.endpoints.get(service) !== endpoint) return;
        this.endpoints.delete(service);
        await this.stopConsumer(await endpoint.consumer);
      },
    };
  }

  async checkReady(): Promise<void> {
    if (this.closed) throw new BusClosedError();
    if (!this.startup) throw new Error('bus not started');
    await this.startup;
    if (this.stopped_consumers.size > 0)
      throw new Error(`consumers stopped: ${[...this.stopped_consumers.values()].join(', ')}`);
    // A round trip to the cluster: the broker answers now, not only when this bus started.
    await this.admin.describeCluster();
  }

  private async ready(): Promise<void> {
    if (this.closed) throw new BusClosedError();
    await this.start();
  }

  private topicName(topic: string): string {
    return `${this.prefix}${topic}`;
  }

  private groupName(group: string): string {
    return `${this.prefix}${group}`;
  }

  private replyTopic(): string {
    return this.topicName(`replies.${this.instance_id}`);
  }

  private async startConsumer(
    kind: ConsumerKind,
    group_id: string,
    topics: string[],
    from_beginning: boolean,
    handlers: ConsumerHandlers | ((consumer: Consumer) => ConsumerHandlers),
    start_at: PartitionOffset[] = [],
    on_assignment?: (assignment: Record<string, number[]>) => void,
  ): Promise<Consumer> {
    const consumer = this.kafka.consumer({
      groupId: group_id,
      maxWaitTimeInMs: this.max_wait_ms,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      allowAutoTopicCreation: false,
    });
    this.consumers.add(consumer);
    consumer.on(consumer.events.COMMIT_OFFSETS, () => offset_commits_total.inc({ consumer: kind }));
    consumer.on(consumer.events.START_BATCH_PROCESS, ({ payload }) => {
      consumed_batches_total.inc({ consumer: kind });
      consumed_messages_total.inc({ consumer: kind }, payload.batchSize);
    });
    let sought = false;
    const joined = new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.GROUP_JOIN, (event) => {
        // Synchronously, on the first join only: kafkajs emits this between the group's sync and
        // its first fetch, which then starts from these offsets. (kafkajs's admin.setOffsets does
        // the same through a consumer of its own that waits out a 5 s fetch.)
        if (!sought) for (const offset of start_at) consumer.seek(offset);
        sought = true;
        on_assignment?.(event.payload.memberAssignment);
        resolve();
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (payload.restart) return;
        this.stopped_consumers.set(consumer, group_id);
        this.log({
          level: 'error',
          namespace: 'KafkaBus',
          message: `consumer of ${group_id} stopped`,
          extra: { error: errorMessage(payload.error) },
        });
        reject(payload.error);
      });
    });
    // Awaited below unless connecting fails first; a later crash must not go unhandled.
    joined.catch(() => undefined);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: from_beginning });
      await consumer.run({
        partitionsConsumedConcurrently: this.partitions,
        ...(typeof handlers === 'function' ? handlers(consumer) : handlers),
      });
      await withTimeout(joined, this.join_timeout_ms, `consumer group ${group_id} did not join`);
      return consumer;
    } catch (error) {
      await this.stopConsumer(consumer);
      throw error;
    }
  }

  /** Handlers that commit each handled message's position within SPACED_COMMIT_INTERVAL_MS. */
  private spacedCommits(handle: (payload: EachMessagePayload) => Promise<void>) {
    return (consumer: Consumer): ConsumerHandlers => {
      const spaced = new SpacedCommits(SPACED_COMMIT_INTERVAL_MS, (error) =>
        this.log({
          level: 'warn',
          namespace: 'KafkaBus',
          message: 'offsets not committed',
          extra: { error: errorMessage(error) },
        }),
      );
      spaced.attach(consumer);
      this.spaced_commits.set(consumer, spaced);
      return {
        autoCommit: false,
        eachMessage: async (payload) => {
          await handle(payload);
          spaced.handled(payload.topic, payload.partition, payload.message.offset);
        },
      };
    };
  }

  private async stopConsumer(consumer: Consumer): Promise<void> {
    this.consumers.delete(consumer);
    this.stopped_consumers.delete(consumer);
    const spaced = this.spaced_commits.get(consumer);
    if (spaced) {
      this.spaced_commits.delete(consumer);
      await spaced.flush();
    }
    const commands = this.command_windows.get(consumer);
    if (commands) {
      this.command_windows.delete(consumer);
      await commands.stop();
    }
    await consumer.disconnect();
  }

  /**
   * Handles one event; retries it in place while the handler throws, so the offset stays
   * uncommitted and the key's later messages wait behind it. Returning commits it.
   */
  /**
   * SubscribeOptions.prefetch: a fetched batch of one partition is handed over in runs of that
   * many messages, each run in order without waiting, and settled together (each message retried
   * or dead-lettered on its own, as one at a time) before the partition moves past it.
   */
  private async consumeRuns(
    { batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload,
    options: SubscribeOptions,
  ): Promise<void> {
    const prefetch = options.prefetch ?? 1;
    for (let start = 0; start < batch.messages.length; start += prefetch) {
      if (!isRunning() || isStale()) return;
      const run = batch.messages.slice(start, start + prefetch);
      await Promise.all(
        run.map((message) =>
          this.consume(
            { topic: batch.topic, partition: batch.partition, message, heartbeat },
            options,
          ),
        ),
      );
      resolveOffset((run[run.length - 1] as KafkaMessage).offset);
      await heartbeat();
    }
  }

  private async consume(
    {
      topic,
      partition,
      message,
      heartbeat,
    }: Pick<EachMessagePayload, 'topic' | 'partition' | 'message' | 'heartbeat'>,
    options: SubscribeOptions,
  ): Promise<void> {
    const record = decodeRecord(topic, partition, message);
    const logical_topic = topic.slice(this.prefix.length);
    const max_attempts = options.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
    let payload: unknown;
    try {
      payload = record.value === null ? null : decodeJson(record.value.toString('utf8'));
    } catch (error) {
      return this.deadLetter(logical_topic, message, record, 0, error);
    }
    for (let attempt = 1; ; attempt++) {
      const delivered: DeliveredMessage = {
        id: record.id,
        topic: logical_topic,
        key: record.key,
        headers: { ...record.headers },
        payload,
        attempt,
      };
      try {
        await withMessageContext(delivered.headers, () => options.handler(delivered));
        return;
      } catch (error) {
        if (attempt >= max_attempts)
          return this.deadLetter(logical_topic, message, record, attempt, error);
      }
      await sleep(backoffAfter(attempt, this.retry_backoff));
      // Keeps the membership alive across a long retry; a rebalance throws here, uncommitted.
      await heartbeat();
    }
  }

  private async deadLetter(
    topic: string,
    message: KafkaMessage,
    record: DecodedRecord,
    attempts: number,
    error: unknown,
  ): Promise<void> {
    const dead_letter_topic = this.topicName(deadLetterTopicOf(topic));
    await this.topics.ensure([dead_letter_topic]);
    await this.outgoing.send(dead_letter_topic, [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...record.all_headers,
          [DLQ_HEADERS.topic]: topic,
          [DLQ_HEADERS.reason]: errorMessage(error),
          [DLQ_HEADERS.attempts]: String(attempts),
        },
      },
    ]);
  }

  private endpointOf(service: string): ServiceEndpoint {
    const existing = this.endpoints.get(service);
    if (existing) return existing;
    const endpoint: ServiceEndpoint = {
      handlers: new Map(),
      next_handler: 0,
      consumer: this.startCommandConsumer(service, (topic, partition, message) =>
        this.answer(endpoint, topic, partition, message),
      ),
    };
    endpoint.consumer.catch(() => this.endpoints.delete(service));
    this.endpoints.set(service, endpoint);
    return endpoint;
  }

  private async startCommandConsumer(
    service: string,
    answer: (topic: string, partition: number, message: KafkaMessage) => Promise<void>,
  ): Promise<Consumer> {
    const command_topic = this.topicName(`commands.${service}`);
    await this.topics.ensure([command_topic]);
    const commands = new RunningCommands(command_topic, MAX_COMMANDS_RUNNING, this.log);
    // Not the group `<service>` itself: the service's event subscription is that Kafka group, and
    // kafkajs cannot have members of one group subscribed to different topics.
    const consumer = await this.startConsumer(
      'commands',
      this.groupName(`commands.${service}`),
      [command_topic],
      true,
      (consumer) => commands.handlers(consumer, answer),
      [],
      (assignment) => commands.assign(assignment[command_topic] ?? []),
    );
    this.command_windows.set(consumer, commands);
    return consumer;
  }

  private async answer(
    endpoint: ServiceEndpoint,
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<void> {
    const record = decodeRecord(topic, partition, message);
    const pattern = record.all_headers[BUS_HEADERS.pattern];
    const reply_to = record.all_headers[BUS_HEADERS.reply_to];
    const deadline_ms = Number(record.all_headers[BUS_HEADERS.deadline_ms] ?? Infinity);
    // Nobody waits for the reply any more (a command left over from before a restart).
    if (!pattern || !reply_to || Date.now() > deadline_ms) return;
    // A handler still busy at the deadline no longer holds up the partition's next commands.
    const reply = await beforeDeadline(
      this.replyFor(endpoint, pattern, record, topic),
      deadline_ms,
    );
    if (reply === undefined) return;
    await this.outgoing
      .send(reply_to, [
        {
          key: null,
          value: encodeReply(reply),
          headers: { [BUS_HEADERS.correlation_id]: record.id },
        },
      ])
      .catch((error: unknown) =>
        this.log({
          level: 'warn',
          namespace: 'KafkaBus',
          message: `reply to ${pattern} not sent`,
          extra: { error: errorMessage(error) },
        }),
      );
  }

  private async replyFor(
    endpoint: ServiceEndpoint,
    pattern: string,
    record: DecodedRecord,
    topic: string,
  ): Promise<ReplyEnvelope> {
    const handlers = endpoint.handlers.get(pattern);
    if (!handlers || handlers.length === 0)
      return { status: 'error', kind: 'no_handler', message: `no handler serves ${pattern}` };
    const handler = handlers[endpoint.next_handler++ % handlers.length] as RequestHandler;
    try {
      const payload = record.value === null ? null : decodeJson(record.value.toString('utf8'));
      const message: DeliveredMessage = {
        id: record.id,
        topic: topic.slice(this.prefix.length),
        key: record.key,
        headers: record.headers,
        payload,
        attempt: 1,
      };
      const value = await withMessageContext(message.headers, () => handler(payload, message));
      return { status: 'ok', value };
    } catch (error) {
      return { status: 'error', kind: 'handler_error', message: errorMessage(error) };
    }
  }

  /** Starts, once, the consumer of this instance's reply topic. */
  private replyInbox(): Promise<void> {
    this.reply_inbox ??= (async () => {
      const topic = this.replyTopic();
      await this.topics.ensure([topic], 1);
      const group_id = this.groupName(`replies.${this.instance_id}`);
      await this.startConsumer(
        'replies',
        group_id,
        [topic],
        true,
        this.spacedCommits(async ({ message }) => this.settle(message)),
      );
    })();
    this.reply_inbox.catch(() => (this.reply_inbox = undefined));
    return this.reply_inbox;
  }

  private settle(message: KafkaMessage): void {
    const correlation_id = message.headers?.[BUS_HEADERS.correlation_id]?.toString();
    const request = correlation_id === undefined ? undefined : this.pending.get(correlation_id);
    if (!request || correlation_id === undefined) return;
    this.pending.delete(correlation_id);
    clearTimeout(request.timer);
    try {
      request.resolve(decodeJson(message.value?.toString('utf8') ?? 'null') as ReplyEnvelope);
    } catch (error) {
      request.reject(
        new BusHandlerError(request.pattern, `unreadable reply: ${errorMessage(error)}`),
      );
    }
  }

  /** The reply topic and group die with the instance; they would pile up otherwise. */
  private async removeReplyInbox(): Promise<void> {
    const topic = this.replyTopic();
    await this.admin
      .deleteGroups([this.groupName(`replies.${this.instance_id}`)])
      .catch(() => undefined);
    await this.admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    this.topics.forget(topic);
  }
}

function encodeReply(reply: ReplyEnvelope): string {
  try {
    return JSON.stringify(reply);
  } catch (error) {
    const failure: ReplyEnvelope = {
      status: 'error',
      kind: 'handler_error',
      message: `reply not serializable: ${errorMessage(error)}`,
    };
    return JSON.stringify(failure);
  }
}

function unwrapReply(pattern: string, reply: ReplyEnvelope): unknown {
  switch (reply.status) {
    case 'ok':
      return reply.value;
    case 'error':
      if (reply.kind === 'no_handler') throw new NoHandlerError(pattern);
      throw new BusHandlerError(pattern, reply.message);
    default: {
      const unknown: never = reply;
      throw new Error(`unknown reply ${JSON.stringify(unknown)}`);
    }
  }
}

/** Kafka topic names allow letters, digits, '.', '_' and '-'. */
function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]/g, '_');
}

async function beforeDeadline<T>(work: Promise<T>, deadline_ms: number): Promise<T | undefined> {
  // setTimeout fires at once beyond 2^31-1 ms: no deadline, or a far one, means no race.
  const remaining_ms = deadline_ms - Date.now();
  if (!Number.isFinite(remaining_ms) || remaining_ms > 2 ** 31 - 1) return work;
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), remaining_ms);
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

async function withTimeout<T>(work: Promise<T>, timeout_ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeout_ms);
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}
