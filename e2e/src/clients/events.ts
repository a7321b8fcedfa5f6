import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, http as httpClient, json, type Target } from './http';

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

  return { request: client.request, stream, history, listed, subscribe };
}

/** A delivery as the receiver got it. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  raw_body: Buffer;
}

/** A webhook endpoint on 127.0.0.1 that answers 200 and keeps every delivery. */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw_body: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (route = '/hook') => `http://127.0.0.1:${port}${route}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
