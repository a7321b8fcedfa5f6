import { injectTraceHeaders } from '@platform/observability';

/** The W3C trace context an event was appended in, as its `traceparent` and `tracestate` headers. */
export interface EventTraceContext {
  traceparent: string;
  tracestate?: string;
}

/** The active span's trace context; null outside any span (or with no context manager running). */
export function activeTraceContext(): EventTraceContext | null {
  // Baggage is left out on purpose: it is the caller's free-form data, not an event's provenance.
  const { traceparent, tracestate } = injectTraceHeaders();
  if (traceparent === undefined) return null;
  return tracestate === undefined ? { traceparent } : { traceparent, tracestate };
}

/** The stored context as message headers; none when the event was appended outside a trace. */
export function traceHeadersOf(
  trace_context: EventTraceContext | undefined,
): Record<string, string> {
  if (trace_context === undefined) return {};
  const { traceparent, tracestate } = trace_context;
  return tracestate === undefined ? { traceparent } : { traceparent, tracestate };
}
