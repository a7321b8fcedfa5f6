import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { ApiError } from './errors';

/** One frame of the stream: a public event (`id` set) or the `snapshot` frame (no id). */
export interface StreamedEvent {
  /** The event's id; null for frames that are not events (the `snapshot`). */
  id: string | null;
  /** The frame's `event:` name: the event type, or `snapshot`. */
  event: string;
  /** The frame's `data:`, parsed JSON (`{id, type, created_at, livemode, data}` for an event). */
  data: unknown;
}

/**
 * The messages of a Server-Sent Events body, in order, however its bytes are cut into chunks:
 * comments (`: heartbeat`) are skipped, a `retry:` field goes to `on_retry`.
 */
export async function* parseEventStream(
  chunks: AsyncIterable<Uint8Array | string>,
  on_retry: (retry_ms: number) => void = () => undefined,
): AsyncGenerator<EventSourceMessage> {
  const ready: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => ready.push(message), onRetry: on_retry });
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield* ready.splice(0);
  }
}

function streamedEventOf(message: EventSourceMessage): StreamedEvent {
  let data: unknown = message.data;
  try {
    data = JSON.parse(message.data);
  } catch {
    // not JSON: handed over as the text it is
  }
  return { id: message.id ?? null, event: message.event ?? 'message', data };
}

export interface EventStreamOptions {
  /** Only these event types (`payout_status_changed`, ...); all of them by default. */
  types?: string[];
  /** A `snapshot` frame with the balances first (on the first connection only). */
  snapshot?: boolean;
  /** Start after this event (the events since are replayed first). */
  last_event_id?: string;
  /** Ends the iteration. */
  signal?: AbortSignal;
  /** Connections in a row that may fail before the iteration throws; 5 by default. */
  max_reconnects?: number;
  /** Wait before reconnecting, unless the server sent `retry:`; 1000 by default. */
  reconnect_delay_ms?: number;
}

/** Opens the stream after `last_event_id` (null: from now); throws ApiError on an error answer. */
export type OpenStream = (
  last_event_id: string | null,
  first: boolean,
  signal: AbortSignal,
) => Promise<Response>;

/**
 * The events of `open`'s stream as an async iterator. When the connection ends or breaks, it is
 * opened again with `Last-Event-ID` of the last event seen, so the platform replays what came
 * meanwhile: no gap, no duplicate. An error answer (401, 429 after the client's retries...) ends
 * the iteration with its ApiError; aborting `signal` ends it quietly.
 */
export async function* streamEvents(
  open: OpenStream,
  options: EventStreamOptions = {},
): AsyncGenerator<StreamedEvent> {
  let last_event_id = options.last_event_id ?? null;
  let delay_ms = options.reconnect_delay_ms ?? 1000;
  const max_reconnects = options.max_reconnects ?? 5;
  let failures = 0;
  for (let first = true; ; first = false) {
    const connection = new AbortController();
    const signal = options.signal
      ? AbortSignal.any([options.signal, connection.signal])
      : connection.signal;
    try {
      const response = await open(last_event_id, first, signal);
      if (!response.body) throw new Error('the event stream answered without a body');
      failures = 0;
      const messages = parseEventStream(response.body, (retry_ms) => (delay_ms = retry_ms));
      for await (const message of messages) {
        if (message.id) last_event_id = message.id;
        yield streamedEventOf(message);
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      if (error instanceof ApiError || ++failures > max_reconnects) throw error;
    } finally {
      connection.abort();
    }
    if (options.signal?.aborted) return;
    try {
      await sleepFor(delay_ms, undefined, { signal: options.signal });
    } catch {
      return; // aborted while waiting
    }
  }
}
