import type { IHeaders, KafkaMessage } from 'kafkajs';
import type { Headers } from '../bus';

/** Headers the Kafka transport uses for itself; handlers see only the others. */
export const BUS_HEADERS = {
  message_id: 'bus-message-id',
  pattern: 'bus-pattern',
  reply_to: 'bus-reply-to',
  correlation_id: 'bus-correlation-id',
  /** Epoch milliseconds after which the requester no longer waits: a server skips the command. */
  deadline_ms: 'bus-deadline-ms',
} as const;

const ROUTING_HEADERS: ReadonlySet<string> = new Set(Object.values(BUS_HEADERS));

/** What a server sends back for a request; the requester turns an error into an exception. */
export type ReplyEnvelope =
  | { status: 'ok'; value: unknown }
  | { status: 'error'; kind: 'handler_error' | 'no_handler'; message: string };

export interface DecodedRecord {
  id: string;
  key: string | null;
  /** Every header, the bus's own included. */
  all_headers: Headers;
  /** The headers a handler sees. */
  headers: Headers;
  value: Buffer | null;
}

export function decodeRecord(
  topic: string,
  partition: number,
  message: KafkaMessage,
): DecodedRecord {
  const all_headers = headersOf(message.headers);
  const headers = Object.fromEntries(
    Object.entries(all_headers).filter(([name]) => !ROUTING_HEADERS.has(name)),
  );
  return {
    // A record from a producer other than the bus has no id: its coordinates are unique.
    id: all_headers[BUS_HEADERS.message_id] ?? `${topic}/${partition}/${message.offset}`,
    key: message.key ? message.key.toString('utf8') : null,
    all_headers,
    headers,
    value: message.value,
  };
}

function headersOf(raw: IHeaders | undefined): Headers {
  const headers: Headers = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) headers[name] = Buffer.isBuffer(last) ? last.toString('utf8') : last;
  }
  return headers;
}
