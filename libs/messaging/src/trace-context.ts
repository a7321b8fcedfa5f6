import { SpanKind, context, type Attributes, type Context } from '@opentelemetry/api';
import { extractTraceContext, injectTraceHeaders, withSpan } from '@platform/observability';
import { commandTopicOf, type DeliveredMessage, type Headers } from './bus';

/**
 * Headers to send: the caller's own, plus the active trace context when the caller gave none.
 * Outside any span (or with no context manager registered) headers pass unchanged.
 */
export function outgoingHeaders(headers: Headers | undefined): Headers {
  if (headers?.traceparent !== undefined) return { ...headers };
  return injectTraceHeaders(headers);
}

/**
 * The context each delivered message's headers carried, kept while the message lives: the
 * transport extracts it to run the handler, and the handler's span needs it again as its parent.
 */
const carried_contexts = new WeakMap<Headers, Context>();

function carriedContextOf(headers: Headers): Context {
  return carried_contexts.get(headers) ?? extractTraceContext(headers);
}

/**
 * Runs a handler in the trace context its message carried. It starts from the root context so a
 * handler never inherits the context of whatever code happened to schedule the delivery.
 */
export function withMessageContext<T>(headers: Headers, work: () => T): T {
  const carried = extractTraceContext(headers);
  carried_contexts.set(headers, carried);
  return context.with(carried, work);
}

/** Both transports are one bus to a trace: which one carried a message is deployment detail. */
const MESSAGING_SYSTEM = 'platform-bus';

/**
 * The requester's CLIENT span around a command, named after its pattern. The transport sends the
 * active context (this span) in the message headers, so the handler's span becomes its child.
 */
export function withRequestSpan<T>(pattern: string, work: () => Promise<T>): Promise<T> {
  return withSpan(
    pattern,
    () => ({
      'messaging.system': MESSAGING_SYSTEM,
      'messaging.operation.type': 'send',
      'messaging.destination.name': commandTopicOf(pattern),
      'rpc.method': pattern,
    }),
    work,
    { kind: SpanKind.CLIENT },
  );
}

export type HandledMessage =
  { kind: 'request'; pattern: string } | { kind: 'event'; group: string };

/**
 * The handler's span, a child of the context the message carried: SERVER named after the pattern
 * for a command, CONSUMER `process <topic>` for an event. Failed when the handler throws.
 */
export function withHandlerSpan<T>(
  handled: HandledMessage,
  message: DeliveredMessage,
  work: () => Promise<T>,
): Promise<T> {
  // Made only for a span that records: most are not (see withSpan).
  const attributes = (): Attributes => ({
    'messaging.system': MESSAGING_SYSTEM,
    'messaging.operation.type': 'process',
    'messaging.destination.name': message.topic,
    'messaging.message.id': message.id,
    'bus.delivery_attempt': message.attempt,
  });
  const parent = carriedContextOf(message.headers);
  switch (handled.kind) {
    case 'request':
      return withSpan(
        handled.pattern,
        () => ({ ...attributes(), 'rpc.method': handled.pattern }),
        work,
        { kind: SpanKind.SERVER, parent },
      );
    case 'event':
      return withSpan(
        `process ${message.topic}`,
        () => ({ ...attributes(), 'messaging.consumer.group.name': handled.group }),
        work,
        { kind: SpanKind.CONSUMER, parent },
      );
    default: {
      const unknown: never = handled;
      throw new Error(`unknown handled message ${JSON.stringify(unknown)}`);
    }
  }
}
