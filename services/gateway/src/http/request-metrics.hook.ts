import { createHistogram } from '@platform/observability';
import type { FastifyInstance } from 'fastify';

const request_duration_seconds = createHistogram<'method' | 'route' | 'status' | 'environment'>({
  name: 'http_server_request_duration_seconds',
  help: 'Time from request received to response sent, by route template and status',
  label_names: ['method', 'route', 'status', 'environment'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

/**
 * Request duration per route template (never the raw URL, which would make a series per id).
 * Unmatched routes share one label so a scan of random paths cannot blow up the series count.
 */
export function useRequestMetrics(fastify: FastifyInstance, environment: string): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    request_duration_seconds.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
        environment,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
