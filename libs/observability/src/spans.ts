import {
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  isSpanContextValid,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

const TRACER_NAME = '@platform/observability';

/** The tracer of this library's spans; a no-op until startTelemetry registers the SDK. */
export function platformTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

export interface SpanOptions {
  /** Default INTERNAL; PRODUCER when publishing to the bus, CONSUMER when handling a message. */
  kind?: SpanKind;
  /** Parent context, e.g. from extractTraceContext; default the active one. */
  parent?: Context;
}

/** A span's attributes, or what makes them: called only for a span that records. */
export type SpanAttributes = Attributes | (() => Attributes);

/**
 * Runs `fn` inside a new active span and ends it when `fn` settles. A thrown error is recorded on
 * the span, which is marked failed, and rethrown unchanged. Under an unsampled parent no span is
 * made (see unsampledSpanOf): `fn` runs under the parent and is handed its span.
 * The attributes are set only on a span that records (setAttributesIfRecording): most spans are
 * not recorded, since nothing exports them (see startTelemetry).
 */
export async function withSpan<T>(
  name: string,
  attributes: SpanAttributes,
  fn: (span: Span) => T | Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  const active = context.active();
  const parent = options.parent ?? active;
  const unsampled_parent = unsampledSpanOf(parent);
  if (unsampled_parent) {
    return parent === active
      ? fn(unsampled_parent)
      : context.with(parent, () => fn(unsampled_parent));
  }
  return platformTracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL },
    parent,
    async (span) => {
      setAttributesIfRecording(span, attributes);
      try {
        return await fn(span);
      } catch (error) {
        markSpanFailed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Sets the attributes on a span that records, and makes nothing for one that does not. A span's
 * attributes are set after its start: the SDK checks and copies start attributes before its
 * sampler decides, and the platform's samplers decide by the parent alone (startTelemetry).
 */
export function setAttributesIfRecording(span: Span, attributes: SpanAttributes): void {
  if (!span.isRecording()) return;
  span.setAttributes(typeof attributes === 'function' ? attributes() : attributes);
}

/**
 * The parent's span when it is valid and not sampled. The platform's samplers decide by the parent
 * alone (startTelemetry), so a child of such a span would record nothing: it would only get span
 * ids of its own. Without an endpoint (as `npm start` runs) no span is sampled, and making those
 * children was about a fifth of a bus command's CPU (`npm run bench:bus`). The work runs under
 * the parent instead, whose ids the logs, messages and stored events carry, as they would with no
 * SDK registered at all.
 */
function unsampledSpanOf(parent: Context): Span | undefined {
  const span = trace.getSpan(parent);
  if (!span) return undefined;
  const span_context = span.spanContext();
  const sampled = (span_context.traceFlags & TraceFlags.SAMPLED) !== 0;
  return !sampled && isSpanContextValid(span_context) ? span : undefined;
}

/**
 * Records `error` on the span and marks the span failed. `error.type` holds the catalog code of a
 * typed error (`insufficient_funds`), else the error's class name, so failures group by kind.
 */
export function markSpanFailed(span: Span, error: unknown): void {
  const exception = error instanceof Error ? error : new Error(String(error));
  span.recordException(exception);
  span.setAttribute('error.type', errorTypeOf(exception));
  span.setStatus({ code: SpanStatusCode.ERROR, message: exception.message });
}

function errorTypeOf(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.length > 0 ? code : error.name;
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
