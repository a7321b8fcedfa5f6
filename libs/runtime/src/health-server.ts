import { createServer, type Server } from 'node:http';
import { readinessBody, runReadinessChecks, type ReadinessCheck } from './readiness';

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The probe endpoints every non-HTTP service process exposes: `/healthz` (alive), `/readyz`
 * (its checks pass: 503 with each check's state otherwise) and `/metrics` (Prometheus text).
 * Deliberately plain node:http: probes must answer even when the application layer is wedged.
 */
export async function startHealthServer(options: {
  port: number;
  host: string;
  service: string;
  environment: string;
  readiness: ReadonlyMap<string, ReadinessCheck>;
  metrics_text: () => Promise<string>;
  /** Told why a readiness probe failed (the causes may name infrastructure: log only). */
  on_not_ready?: (failures: Record<string, string>) => void;
}): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, {
        'content-type': type,
        'service-environment': options.environment,
      });
      response.end(body);
    };
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      send(
        200,
        JSON.stringify({
          status: 'ok',
          service: options.service,
          livemode: options.environment === 'live',
        }),
      );
    } else if (path === '/readyz') {
      void runReadinessChecks(options.readiness).then((report) => {
        if (!report.ready) options.on_not_ready?.(report.failures);
        send(report.ready ? 200 : 503, JSON.stringify(readinessBody(report)));
      });
    } else if (path === '/metrics') {
      void options.metrics_text().then((text) => send(200, text, 'text/plain; version=0.0.4'));
    } else {
      send(404, JSON.stringify({ error: 'not_found', message: 'route not found' }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
