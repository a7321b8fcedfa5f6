import {
  SpanKind,
  SpanStatusCode,
  context,
  isSpanContextValid,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

const TRACER_NAME = '@platform/observability';

export interface SpanOptions {
  /** Default INTERNAL; PRODUCER when publishing to the bus, CONSUMER when handling a message. */
  kind?: SpanKind;
  /** Parent context, e.g. from extractTraceContext; default the active one. */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span and ends it when `fn` settles. A thrown error is recorded on
 * the span, which is marked failed, and rethrown unchanged.
 */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => T | Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  const tracer = trace.getTracer(TRACER_NAME);
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        const exception = error instanceof Error ? error : new Error(String(error));
        span.recordException(exception);
        span.setStatus({ code: SpanStatusCode.ERROR, message: exception.message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export interface TraceIds {
  trace_id: string;
  span_id: string;
}

/** Ids of the active span, or null outside any (recorded or not) valid span. */
export function activeTraceIds(): TraceIds | null {
  const span_context = trace.getActiveSpan()?.spanContext();
  if (!span_context || !isSpanContextValid(span_context)) return null;
  return { trace_id: span_context.traceId, span_id: span_context.spanId };
}
