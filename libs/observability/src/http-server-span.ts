import {
  SpanKind,
  SpanStatusCode,
  context,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { RPCType, getRPCMetadata } from '@opentelemetry/core';
import { extractTraceContext, type IncomingHeaders } from './propagation';
import { platformTracer, setAttributesIfRecording } from './spans';

/** What a web framework knows of an incoming request once it has routed it. */
export interface IncomingHttpRequest {
  method: string;
  /** The path without its query string (which may carry secrets). */
  path: string;
  /** The matched route pattern (`/v1/payouts/:id`); undefined when no route matched. */
  route: string | undefined;
  scheme: string;
  headers: IncomingHeaders;
  client_address?: string;
}

export interface HttpServerTrace {
  /** Run the rest of the request in this context: the request's server span is active in it. */
  readonly context: Context;
  /** Records the response status and ends the span, failed on a 5xx. Only the first end counts. */
  finish(status_code: number): void;
  /** The client went away before a response: ends the span as failed. */
  abort(): void;
}

/**
 * The server span of one incoming HTTP request, named `<METHOD> <route>`.
 *
 * When the node:http instrumentation already started a server span for this request (its RPC
 * metadata is in the active context), that span is the request's span: it only learns the route,
 * which it uses for its name and `http.route`, and ends itself with the status. Otherwise, as under
 * Jest where require hooks cannot patch node:http, a server span starts here, continuing the
 * caller's W3C `traceparent`. Either way a request has exactly one server span.
 */
export function traceHttpRequest(
  request: IncomingHttpRequest,
  active: Context = context.active(),
): HttpServerTrace {
  const instrumented = getRPCMetadata(active);
  if (instrumented?.type === RPCType.HTTP) {
    if (request.route !== undefined) instrumented.route = request.route;
    return { context: active, finish: () => undefined, abort: () => undefined };
  }
  const parent = extractTraceContext(request.headers);
  const span = platformTracer().startSpan(
    httpSpanName(request.method, request.route),
    { kind: SpanKind.SERVER },
    parent,
  );
  setAttributesIfRecording(span, () => requestAttributes(request));
  let ended = false;
  const end = (): boolean => {
    if (ended) return false;
    ended = true;
    return true;
  };
  return {
    context: trace.setSpan(parent, span),
    finish: (status_code) => {
      if (!end()) return;
      span.setAttribute('http.response.status_code', status_code);
      // A 4xx is the client's mistake, answered as designed: not a failure of this server.
      if (status_code >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    abort: () => {
      if (!end()) return;
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'client closed the request' });
      span.end();
    },
  };
}

/** `POST /v1/payouts/:id`, or the method alone when nothing matched (paths are unbounded). */
export function httpSpanName(method: string, route: string | undefined): string {
  return route === undefined ? method : `${method} ${route}`;
}

function requestAttributes(request: IncomingHttpRequest): Attributes {
  const user_agent = request.headers['user-agent'];
  return {
    'http.request.method': request.method,
    'url.path': request.path,
    'url.scheme': request.scheme,
    ...(request.route === undefined ? {} : { 'http.route': request.route }),
    ...(typeof user_agent === 'string' ? { 'user_agent.original': user_agent } : {}),
    ...(request.client_address === undefined ? {} : { 'client.address': request.client_address }),
  };
}
