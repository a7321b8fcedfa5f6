import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';
import { startTelemetry, withSpan } from './index';

const repo_root = path.resolve(__dirname, '../../..');

/** A stand-in OTLP collector on loopback that records the paths it is sent to. */
async function fakeCollector(): Promise<{ server: Server; url: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      paths.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, paths };
}

/**
 * This library compiled to CommonJS in a temp dir. The OTLP exporter loads node:http with a
 * dynamic import(), which Jest's module sandbox refuses, so the export runs in a plain child node.
 */
function compileLibrary(): string {
  const out_dir = mkdtempSync(path.join(tmpdir(), 'observability-'));
  const swcrc = JSON.parse(readFileSync(path.join(repo_root, '.swcrc'), 'utf8'));
  for (const file of readdirSync(__dirname).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'),
  )) {
    const { code } = transformFileSync(path.join(__dirname, file), {
      ...swcrc,
      swcrc: false,
      sourceMaps: false,
    });
    writeFileSync(path.join(out_dir, file.replace(/\.ts$/, '.js')), code);
  }
  return out_dir;
}

function runNode(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe('startTelemetry', () => {
  it('without an endpoint exports nothing but still gives spans real ids', async () => {
    const saved_endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    try {
      const telemetry = startTelemetry({ service_name: 'risk-scoring', environment: 'test' });
      expect(telemetry.otlp_endpoint).toBeNull();
      const ids = await withSpan('score', {}, (span) => span.spanContext());
      expect(ids.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
      await telemetry.shutdown();
      // After shutdown the SDK can start again (globals were released).
      const restarted = startTelemetry({ service_name: 'risk-scoring', environment: 'test' });
      const again = await withSpan('score', {}, (span) => span.spanContext());
      expect(again.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
      await restarted.shutdown();
    } finally {
      if (saved_endpoint !== undefined) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved_endpoint;
    }
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT exports spans over OTLP HTTP, flushed by shutdown', async () => {
    const collector = await fakeCollector();
    const library_dir = compileLibrary();
    try {
      const script = `
        const { startTelemetry, withSpan } = require(${JSON.stringify(path.join(library_dir, 'index.js'))});
        (async () => {
          const telemetry = startTelemetry({ service_name: 'payins', environment: 'live' });
          console.log('endpoint=' + telemetry.otlp_endpoint);
          await withSpan('payins.create_payin', {}, () => undefined);
          await telemetry.shutdown();
        })();`;
      const { status, output } = await runNode(script, {
        PATH: process.env.PATH,
        NODE_PATH: path.join(repo_root, 'node_modules'),
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      });
      expect(output).toContain(`endpoint=${collector.url}`);
      expect(status).toBe(0);
      expect(collector.paths).toContain('/v1/traces');
    } finally {
      rmSync(library_dir, { recursive: true, force: true });
      await new Promise<void>((resolve) => collector.server.close(() => resolve()));
    }
  }, 30_000);

  it('gives an incoming request one server span, and an outgoing node:http request a client span', async () => {
    const library_dir = compileLibrary();
    try {
      const script = `
        const http = require('node:http');
        const { context } = require('@opentelemetry/api');
        const { InMemorySpanExporter } = require('@opentelemetry/sdk-trace');
        const { startTelemetry, traceHttpRequest } = require(${JSON.stringify(path.join(library_dir, 'index.js'))});
        // Created before telemetry starts, as Nest and Fastify create theirs; served as the
        // gateway's Fastify hooks serve a request (request-tracing.hook.ts).
        const server = http.createServer((request, response) => {
          const traced = traceHttpRequest({ method: request.method, path: '/v1/things/t_1', route: '/v1/things/:id', scheme: 'http', headers: request.headers });
          context.with(traced.context, () => { response.statusCode = 204; response.end(); traced.finish(204); });
        });
        const exporter = new InMemorySpanExporter();
        const telemetry = startTelemetry({ service_name: 'gateway', environment: 'test', span_exporter: exporter });
        server.listen(0, '127.0.0.1', () => {
          const url = 'http://127.0.0.1:' + server.address().port + '/v1/things/t_1';
          const headers = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
          // fetch (undici) is not node:http, so the caller's traceparent arrives untouched.
          fetch(url, { headers }).then(async (response) => {
            await response.arrayBuffer();
            // node:http (loaded before telemetry started) as a client: its request is traced.
            http.get(url, (outgoing) => {
              outgoing.resume();
              outgoing.on('end', () => setTimeout(async () => {
                await telemetry.flush();
                const spans = exporter.getFinishedSpans();
                console.log('spans=' + JSON.stringify(spans.map((span) => ({
                  name: span.name,
                  kind: span.kind,
                  trace_id: span.spanContext().traceId,
                  span_id: span.spanContext().spanId,
                  parent: span.parentSpanContext && span.parentSpanContext.spanId,
                  route: span.attributes['http.route'],
                  status_code: span.attributes['http.response.status_code'],
                }))));
                server.close();
                await telemetry.shutdown();
              }, 50));
            });
          });
        });`;
      const { status, output } = await runNode(script, {
        PATH: process.env.PATH,
        NODE_PATH: path.join(repo_root, 'node_modules'),
      });
      expect(status).toBe(0);
      const printed = /^spans=(.*)$/m.exec(output)?.[1];
      const spans = JSON.parse(printed ?? '[]') as Array<Record<string, unknown>>;
      const server_spans = spans.filter((span) => span.kind === 1); // SpanKind.SERVER
      const client_spans = spans.filter((span) => span.kind === 2); // SpanKind.CLIENT
      // One server span per request, continuing the caller's trace: none from node:http itself.
      expect(server_spans).toHaveLength(2);
      expect(server_spans[0]).toMatchObject({
        name: 'GET /v1/things/:id',
        trace_id: '0af7651916cd43dd8448eb211c80319c',
        parent: 'b7ad6b7169203331',
        route: '/v1/things/:id',
        status_code: 204,
      });
      // The outgoing request has its client span, and carried its context to the server.
      expect(client_spans).toHaveLength(1);
      expect(server_spans[1]).toMatchObject({
        name: 'GET /v1/things/:id',
        trace_id: client_spans[0]?.trace_id,
        parent: client_spans[0]?.span_id,
      });
    } finally {
      rmSync(library_dir, { recursive: true, force: true });
    }
  }, 30_000);
});
