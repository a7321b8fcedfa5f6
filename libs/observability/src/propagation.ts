import {
  ROOT_CONTEXT,
  context,
  defaultTextMapSetter,
  type Context,
  type TextMapGetter,
} from '@opentelemetry/api';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';

/** Message and HTTP headers that carry trace context: `traceparent`, `tracestate`, `baggage`. */
export type TraceHeaders = Record<string, string>;

/** Header values as transports hand them over: kafkajs gives Buffers, node:http may give arrays. */
export type IncomingHeaderValue = string | Buffer | ReadonlyArray<string | Buffer> | undefined;
export type IncomingHeaders = Readonly<Record<string, IncomingHeaderValue>>;

/**
 * W3C Trace Context plus Baggage. Used directly, not through the global propagator, so that bus
 * headers carry the context even in a process where startTelemetry has not run.
 */
export const w3cPropagator = new CompositePropagator({
  propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
});

const asText = (value: string | Buffer): string =>
  typeof value === 'string' ? value : value.toString('utf8');

const incomingGetter: TextMapGetter<IncomingHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    // Kafka header names keep their case; W3C names are lower case. Most carriers use those, so
    // the exact name is tried first: every message a service handles passes here.
    const name =
      key in carrier
        ? key
        : Object.keys(carrier).find((candidate) => candidate.toLowerCase() === key);
    const value = name === undefined ? undefined : carrier[name];
    if (value === undefined) return undefined;
    if (typeof value === 'string' || Buffer.isBuffer(value)) return asText(value);
    return (value as ReadonlyArray<string | Buffer>).map(asText);
  },
};

/** Returns a copy of `headers` with the trace context of `from` (default: the active span) added. */
export function injectTraceHeaders(
  headers: TraceHeaders = {},
  from: Context = context.active(),
): TraceHeaders {
  const carrier: TraceHeaders = { ...headers };
  w3cPropagator.inject(from, carrier, defaultTextMapSetter);
  return carrier;
}

/**
 * The context a consumer continues from: the producer's span as remote parent. Extracts onto the
 * root context by default, so an incoming message never nests under whatever span is active.
 */
export function extractTraceContext(
  headers: IncomingHeaders | undefined,
  base: Context = ROOT_CONTEXT,
): Context {
  return w3cPropagator.extract(base, headers ?? {}, incomingGetter);
}
