import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Environment, EventEnvelope } from '@platform/contracts';
import type { OutgoingMessage } from '@platform/messaging';
import { bearer, eventually, http as httpClient, json, type Target } from './http';

/**
 * `eventually`'s patience for what crosses the bus before a suite sees it (a stream frame, a
 * webhook, a listed event): about a minute of polls, for a machine under load.
 */
export const DELIVERY_WAIT = { attempts: 1200, poll_ms: 50 };

/**
 * Room for a wrong extra event or delivery to show up before asserting there was none: an
 * absence has no state to wait for.
 */
export const settle = (ms = 500) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One server-sent event frame (`id:`, `event:`, `data:` lines, or a `: comment`). */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(': ')) frame.comment = line.slice(2);
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('event: ')) frame.event = line.slice(7);
    else if (line.startsWith('data: ')) frame.data = line.slice(6);
  }
  return frame;
}

/** An open `GET /v1/events` stream read frame by frame, as a browser's EventSource would. */
export class SseClient {
  readonly frames: Frame[] = [];
  /** The server ended the response. */
  ended = false;
  response!: Response;
  private buffer = '';
  private readonly abort = new AbortController();

  static async open(url: string, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    client.response = await fetch(url, { headers, signal: client.abort.signal });
    if (client.response.ok && client.response.body) void client.pump(client.response.body);
    return client;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.frames.push(parseFrame(this.buffer.slice(0, end)));
          this.buffer = this.buffer.slice(end + 2);
        }
      }
      this.ended = true;
    } catch {
      // closed by the test
    }
  }

  /** The frames that carry an event (they have an id). */
  events(): Frame[] {
    return this.frames.filter((frame) => frame.id !== undefined);
  }

  ids(): string[] {
    return this.events().map((frame) => frame.id!);
  }

  /** The public events the stream carried, parsed from their `data:` lines. */
  published(): PublicEvent[] {
    return this.events().map(eventOf);
  }

  /** Once the server's `: connected` comment has come (the stream is registered). */
  async connected(): Promise<this> {
    await eventually(
      async () => this.frames,
      (frames) => frames.some((frame) => frame.comment === 'connected'),
      DELIVERY_WAIT,
    );
    return this;
  }

  close(): void {
    this.abort.abort();
  }
}

/** A public event (spec §6) as the history listing and the stream's `data:` carry it. */
export interface PublicEvent {
  id: string;
  type: string;
  created_at: string;
  livemode: boolean;
  data: Record<string, unknown>;
}

/** The public event a stream frame carries. */
export function eventOf(frame: Frame): PublicEvent {
  return JSON.parse(frame.data ?? '{}') as PublicEvent;
}

/** A webhook subscription as its routes answer it (spec §6); the secret never comes back. */
export interface WebhookSubscription {
  id: string;
  event_type: string;
  callback_url: string;
  status: string;
  created_at: string;
}

/** One attempt of a delivery, as `GET /v1/webhooks/subscriptions/{id}/deliveries` lists it. */
export interface WebhookDelivery {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  manual: boolean;
  status: string;
  response_status: number | null;
  failure: string | null;
}

/** The events routes: the stream, the history listing and webhook subscriptions. */
export function eventsClient(target: Target) {
  const client = httpClient(target);

  const stream = (token: string, query = '', headers: Record<string, string> = {}) =>
    SseClient.open(`${client.base_url}/v1/events${query}`, {
      ...bearer(token),
      accept: 'text/event-stream',
      ...headers,
    });

  const history = (token: string, query = '') =>
    client.request('GET', `/v1/events${query}`, { token, headers: { accept: 'application/json' } });

  /** The account's public events, newest first. */
  const listed = async (token: string, query = ''): Promise<PublicEvent[]> =>
    (await json<{ events: PublicEvent[] }>(await history(token, query), 200)).events;

  const subscribe = (token: string, body: Record<string, unknown>) =>
    client.request('POST', '/v1/webhooks/subscriptions', { token, body });

  /** A subscription the platform created (201), as it answered it. */
  const subscription = async (token: string, body: Record<string, unknown>) =>
    json<WebhookSubscription>(await subscribe(token, body), 201);

  /** The delivery log of a subscription, newest attempt first. */
  const deliveries = async (token: string, subscription_id: string) =>
    (
      await json<{ deliveries: WebhookDelivery[] }>(
        await client.request(
          'GET',
          `/v1/webhooks/subscriptions/${subscription_id}/deliveries?page_size=100`,
          { token },
        ),
        200,
      )
    ).deliveries;

  return {
    request: client.request,
    stream,
    history,
    listed,
    subscribe,
    subscription,
    deliveries,
  };
}

/**
 * A domain event as its producer publishes it on `events.<service>`, envelope and all, for a
 * suite that puts on the bus what no route makes (a date in the past, figures of its choosing,
 * a field a producer must never leak). Only the all-in-one runtime lets a suite publish.
 */
export interface DomainEventFields {
  /** `<service>.<noun>_<verbed>`, as the catalog names it. */
  type: string;
  account_id: string;
  /** The envelope's organization: null as the ledger publishes it, which names none. */
  org_id: string | null;
  data: Record<string, unknown>;
  /** Now, unless the event happened earlier. */
  occurred_at?: string;
  /** The account's stream unless told. */
  stream?: string;
  event_id?: string;
  /** The bus message's id: fresh unless the test names it. */
  message_id?: string;
  environment?: Environment;
}

/** The bus message of such an event, ready for `bus.publish('events.<service>', [message])`. */
export function domainEventMessage(fields: DomainEventFields): OutgoingMessage {
  const payload: EventEnvelope = {
    event_id: fields.event_id ?? randomUUID(),
    type: fields.type,
    version: 1,
    stream: fields.stream ?? `account-${fields.account_id}`,
    position: '1',
    occurred_at: fields.occurred_at ?? new Date().toISOString(),
    org_id: fields.org_id,
    account_id: fields.account_id,
    environment: fields.environment ?? 'test',
    correlation_id: null,
    causation_id: null,
    data: fields.data,
  };
  return { id: fields.message_id ?? randomUUID(), key: fields.account_id, payload };
}

/** The data of a `ledger.transfer_received` to an account, from a sender no test knows. */
export function transferReceivedData(
  to_account_id: string,
  amount: string,
  description: string,
  created_at = new Date().toISOString(),
) {
  return {
    transfer_id: randomUUID(),
    from_account_id: randomUUID(),
    to_account_id,
    asset: 'USD',
    amount,
    description,
    created_at,
  };
}

/** A delivery as the receiver got it. */
export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw_body: Buffer;
}

/** The public event a delivery carried. */
export function hookEvent(hook: ReceivedHook): PublicEvent {
  return JSON.parse(hook.raw_body.toString('utf8')) as PublicEvent;
}

/**
 * `X-Webhook-Signature` as spec §6 says to compute it, here independently of the platform: the
 * HMAC-SHA256 hex of `<timestamp>.` (or `prefix`) followed by the raw body.
 */
export function webhookSignature(secret: string, hook: ReceivedHook, prefix?: string): string {
  const signed = prefix ?? `${String(hook.headers['x-webhook-timestamp'])}.`;
  return createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(signed), hook.raw_body]))
    .digest('hex');
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * A webhook endpoint on 127.0.0.1 (the platform needs WEBHOOKS_ALLOW_LOOPBACK) that keeps every
 * delivery. It answers `statuses` in turn, then `otherwise` (200); a 3xx points elsewhere
 * (`/moved`), which a sender must never follow.
 */
export async function startWebhookReceiver() {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({
        path: request.url ?? '',
        headers: request.headers,
        raw_body: Buffer.concat(chunks),
      });
      const status = receiver.statuses.shift() ?? receiver.otherwise;
      if (status >= 300 && status < 400) response.setHeader('location', receiver.url('/moved'));
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver = {
    received: [] as ReceivedHook[],
    /** Statuses to answer in turn, before `otherwise`. */
    statuses: [] as number[],
    otherwise: 200,
    url: (route = '/hook') => `http://127.0.0.1:${port}${route}`,
    /** The deliveries of one event (`X-Webhook-Event-Id`). */
    forEvent: (event_id: string) =>
      receiver.received.filter((hook) => hook.headers['x-webhook-event-id'] === event_id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return receiver;
}
