import { context } from '@opentelemetry/api';
import { UNTRACED_PATHS, traceHttpRequest, type HttpServerTrace } from '@platform/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One server span per request, made by Fastify hooks rather than by patching node:http (require
 * hooks cannot reach node:http under Jest). When the node:http instrumentation did start a span,
 * traceHttpRequest keeps that one and only hands it the route. Register before any other hook, so
 * the hooks, the handler, its logs and its bus commands all run inside the span.
 */
export function useRequestTracing(fastify: FastifyInstance): void {
  const traces = new WeakMap<FastifyRequest, HttpServerTrace>();

  fastify.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (UNTRACED_PATHS.has(path)) return done();
    const traced = traceHttpRequest({
      method: request.method,
      path,
      route: request.routeOptions.url,
      scheme: request.protocol,
      headers: request.headers,
      client_address: request.ip,
    });
    traces.set(request, traced);
    // Everything after this hook descends from done(), body parsing included (Fastify runs its
    // parsers in an AsyncResource created within done()), so all of it runs inside the span.
    context.with(traced.context, done);
  });

  fastify.addHook('onResponse', (request, reply, done) => {
    traces.get(request)?.finish(reply.statusCode);
    done();
  });

  fastify.addHook('onRequestAbort', (request, done) => {
    traces.get(request)?.abort();
    done();
  });
}
