import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Headers } from './bus';

/**
 * Headers to send: the caller's own, plus the active trace context when the caller gave none.
 * With no OpenTelemetry SDK registered the propagator is a no-op and headers pass unchanged.
 */
export function outgoingHeaders(headers: Headers | undefined): Headers {
  const carrier: Headers = { ...headers };
  if (carrier.traceparent === undefined) propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs a handler in the trace context its message carried. It starts from the root context so a
 * handler never inherits the context of whatever code happened to schedule the delivery.
 */
export function withMessageContext<T>(headers: Headers, work: () => T): T {
  return context.with(propagation.extract(ROOT_CONTEXT, headers), work);
}
